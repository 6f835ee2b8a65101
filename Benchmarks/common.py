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


def run(cmd, stdin=None, cwd=ROOT):
    """Runs cmd to completion, timing it with wait4 (its own rusage, not the sum of all children so far)."""
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=out_w, stderr=err_w, stdin=subprocess.DEVNULL if stdin is None else stdin,
                            cwd=cwd)
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
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_utime, usage.ru_stime, usage.ru_maxrss,
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
    commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h %cd", "--date=short"],
                            capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", "Sources"],
                           capture_output=True, text=True).stdout.strip()
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
