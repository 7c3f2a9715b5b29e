"""The web layer: thin views over the knowledge base, the index and the rule checks."""
