"""Production serving: `gunicorn -c gunicorn.conf.py 'app:create_app()'`.

The app is preloaded in the master (KB validated, index ensured, jieba's dictionary
loaded once, worked examples run once, the answer card's per-entry words and its
confidence model and the termbase's consistency report made: all
shared copy-on-write); each worker opens its own searcher lazily after the fork and
reopens it when a rebuild swaps in a new index generation.

Several instances may run on one host (the README's scale-out): each gets its own
control socket, named after what it binds, so stopping one never removes another's.
`GUNICORN_CONTROL_SOCKET` sets the path, or `off` disables it.
"""

import hashlib
import os
import re

from gunicorn.config import ControlSocket

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "sync"
preload_app = True
timeout = 30
graceful_timeout = 10
# Workers are recycled after a number of requests drawn between N and 1.5 N, so that
# workers started together do not all restart together under load.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "10000"))
max_requests_jitter = max_requests // 2
# The longest request line gunicorn can be told to accept (its default is 4,094): about
# 900 Chinese characters of a query, percent-encoded. The search box's maxlength is the
# 200 characters a search reads (MAX_QUERY_CHARS), 1,800 bytes at most, well inside.
limit_request_line = 8190
accesslog = os.environ.get("ACCESS_LOG") or None

_control = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
if _control.lower() in ("off", "0", "false", "no"):
    control_socket_disable = True
elif _control:
    control_socket = _control

# A Unix socket path must fit in sockaddr_un (108 bytes with its NUL).
_MAX_SOCKET_PATH = 100


def instance_control_socket(binds: list[str]) -> str:
    """A control socket path of this instance's own: the run directory gunicorn uses
    (XDG_RUNTIME_DIR, else ~/.gunicorn) and a name made from the addresses bound."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    folder = runtime if runtime and os.path.isdir(runtime) else os.path.expanduser("~/.gunicorn")
    name = re.sub(r"[^A-Za-z0-9.]+", "-", "_".join(binds)).strip("-")
    path = os.path.join(folder, f"rules-kb-{name}.ctl")
    if len(path) > _MAX_SOCKET_PATH:
        digest = hashlib.sha256("_".join(binds).encode()).hexdigest()[:16]
        path = os.path.join(folder, f"rules-kb-{digest}.ctl")
    return path


def on_starting(server):
    """Moves the control socket off gunicorn's host-wide default, unless it was set."""
    cfg = server.cfg
    if cfg.control_socket_disable or cfg.control_socket != ControlSocket.default:
        return
    cfg.set("control_socket", instance_control_socket(cfg.bind))


def when_ready(server):
    """In the master, before any worker is forked: what the app makes on first use but
    every worker would make again (see app.warm_before_fork)."""
    from app import warm_before_fork

    warm_before_fork(server.app.wsgi())  # the preloaded app
