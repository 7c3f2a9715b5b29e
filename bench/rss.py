"""Peak resident memory of this process, for the benchmarks' fresh worker processes.

Not `resource.getrusage(...).ru_maxrss`: Linux carries a parent's high-water mark
across fork and exec into the child's ru_maxrss, so a worker started by a benchmark
that has just built a 10,000-entry index reported the builder's 517 MB. VmHWM in
/proc/self/status belongs to this process's own address space.
"""

from __future__ import annotations

import resource


def peak_rss_mb() -> float:
    """This process's peak resident set size in MB (ru_maxrss where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
