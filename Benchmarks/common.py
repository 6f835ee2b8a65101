"""Shared helpers for the benchmark drivers: timing child processes, medians, machine notes."""
import os
import platform
import statistics
import subprocess
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BENCH = os.path.join(ROOT, "Benchmarks")
DATA = os.path.join(BENCH, "data")
RESULTS = os.path.join(BENCH, "results")
IMPULSE = os.environ.get("IMPULSE_BIN", os.path.join(ROOT, ".build-bench", "release", "impulse"))
VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")


class Run:
    """One child process: wall seconds, CPU seconds (user + sys), max RSS in KiB, exit status, output."""

    def __init__(self, wall, cpu, user, sys_, maxrss_kb, status, stdout, stderr):
        self.wall, self.cpu, self.user, self.sys = wall, cpu, user, sys_
        self.maxrss_kb, self.status, self.stdout, self.stderr = maxrss_kb, status, stdout, stderr


GNU_TIME = "/usr/bin/time"


def run(cmd, stdin=None, cwd=ROOT, env=None):
    """Runs cmd to completion, timing it with wait4 (its own rusage, not the sum of all children so far).

    The max RSS comes from GNU time (`/usr/bin/time -f %M`), which the command runs under: a child forked
    from this Python process would otherwise report Python's own resident size as its high-water mark (Linux
    carries the old address space's peak across exec). CPU time from wait4 includes GNU time's child."""
    rss_file = None
    if os.access(GNU_TIME, os.X_OK):
        import tempfile
        fd, rss_file = tempfile.mkstemp(prefix="bench-rss-")
        os.close(fd)
        cmd = [GNU_TIME, "-f", "%M", "-o", rss_file] + list(cmd)
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=out_w, stderr=err_w, stdin=subprocess.DEVNULL if stdin is None else stdin,
                            cwd=cwd, env=env)
    os.close(out_w)
    os.close(err_w)
    # Drain both pipes while the child runs so that it never blocks on a full pipe.
    import selectors
    sel = selectors.DefaultSelector()
    chunks = {out_r: [], err_r: []}
    sel.register(out_r, selectors.EVENT_READ)
    sel.register(err_r, selectors.EVENT_READ)
    open_fds = 2
    while open_fds:
        for key, _ in sel.select():
            data = os.read(key.fd, 1 << 16)
            if data:
                chunks[key.fd].append(data)
            else:
                sel.unregister(key.fd)
                os.close(key.fd)
                open_fds -= 1
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    maxrss = usage.ru_maxrss
    if rss_file:
        with open(rss_file) as f:
            lines = f.read().split()
        os.unlink(rss_file)
        maxrss = int(lines[-1]) if lines and lines[-1].isdigit() else maxrss
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_utime, usage.ru_stime, maxrss,
               proc.returncode, b"".join(chunks[out_r]), b"".join(chunks[err_r]))


def median(xs):
    return statistics.median(xs)


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def machine_notes():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = "?"
    try:
        with open("/proc/meminfo") as f:
            mem = f.readline().split(":")[1].strip()
    except OSError:
        pass
    # BENCH_COMMIT names the sources the binaries were built from when that is not the working tree
    # (e.g. a `git archive` snapshot, so that other people's edits in progress cannot break the build).
    commit = os.environ.get("BENCH_COMMIT") or subprocess.run(
        ["git", "-C", ROOT, "log", "-1", "--format=%h %cd", "--date=short"], capture_output=True, text=True).stdout.strip()
    dirty = "" if os.environ.get("BENCH_COMMIT") else subprocess.run(
        ["git", "-C", ROOT, "status", "--porcelain", "--", "Sources"], capture_output=True, text=True).stdout.strip()
    return {
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        "cpu": f"{cpu}, {os.cpu_count()} cores",
        "memory": mem,
        "kernel": platform.release(),
        "python": platform.python_version(),
        "commit": commit + (" (+ uncommitted changes in Sources/)" if dirty else ""),
        "load": load_average(),
    }


def fmt_ms(seconds):
    return f"{seconds * 1000:.1f} ms"
