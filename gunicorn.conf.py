"""Production serving: `gunicorn -c gunicorn.conf.py 'app:create_app()'`.

The app is preloaded in the master (KB validated, index ensured, jieba's dictionary
loaded once and shared copy-on-write); each worker opens its own searcher lazily
after the fork and reopens it when a rebuild swaps in a new index generation.
"""

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "sync"
preload_app = True
timeout = 30
graceful_timeout = 10
max_requests = 10_000
max_requests_jitter = 1_000
accesslog = os.environ.get("ACCESS_LOG") or None
