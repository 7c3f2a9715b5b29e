"""The jieba-tokenised Whoosh index: analysis, schema, build, search."""
