"""Several app servers behind HAProxy, on loopback: `make cluster`, and `make bench`'s
cluster rows (scripts/bench.py imports this).

Run under scripts/with-postgres (its throwaway PostgreSQL and DATABASE_URL), as
scripts/cluster does:

1. migrate, collect the static files, seed the demo data (``seed_demo``);
2. N gunicorn app servers (2 by default, 2 sync workers each) on free 127.0.0.1 ports,
   with production settings except what plain HTTP on loopback needs, one SECRET_KEY for
   all (a session or a CSRF cookie one signed is good on every other), ``BEHIND_PROXY=1``
   (the client's address is the one HAProxy appends to X-Forwarded-For);
3. HAProxy (Debian's ``haproxy`` 2.6) in front of them, its configuration generated into
   the temp folder (:func:`haproxy_config`): round robin, a health check on /healthz,
   retries and redispatch, so a server that stops loses no request that never reached it.

Everything runs until Ctrl-C (or SIGTERM), then HAProxy and the app servers are stopped
and the temp folder removed; scripts/with-postgres removes the database.

    scripts/cluster [--servers 2] [--workers 2] [--port 8000]
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
# The header HAProxy adds to each answer: which app server gave it (the bench counts them).
SERVED_BY = "X-Served-By"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def haproxy_config(
    port: int, servers: dict[str, int], host: str = "127.0.0.1", stats: Path | None = None
) -> str:
    """HAProxy's configuration: one frontend on ``host:port``, the app ``servers`` (name:
    port on ``host``) behind it in turn (round robin).

    - Health check: GET /healthz every second, given 5 s to answer (a busy server's
      sync workers answer it in turn, after the requests queued before it); three
      failures, or one refused connection, take a server out, two answers put it back.
    - Retries: a request is tried again (3 times, each on another server: ``option
      redispatch 1``) when the connection to a server failed or it closed without a
      byte of answer, as a stopped server's queued connections are: such a request never
      ran, or ran on a server that died before answering (a phone's change then carries
      its ``X-Change-Id``: applied once, however often it comes). No retry on an answer
      of any status, or on a timeout: a slow request is never run twice.
    - X-Forwarded-For: HAProxy appends the address it saw (``option forwardfor``); the
      app, with ``BEHIND_PROXY=1``, counts the rate limits by that one
      (scorepad/http.py ``client_address``).
    - ``stats``: a socket HAProxy answers ``show stat`` on (:func:`retries`).
    """
    lines = [
        "global",
        "    maxconn 4096",
        "    log stderr format short local0 warning",
        *([f"    stats socket {stats} mode 600"] if stats else []),
        "",
        "defaults",
        "    mode http",
        "    log global",
        "    option dontlognull",
        "    option forwardfor",
        "    option redispatch 1",
        "    retries 3",
        "    retry-on conn-failure empty-response",
        "    timeout connect 2s",
        "    timeout client 60s",
        "    timeout server 60s",
        "    timeout http-request 10s",
        "    timeout http-keep-alive 10s",
        "    timeout queue 10s",
        "    timeout check 5s",
        "",
        "frontend scorepad",
        f"    bind {host}:{port}",
        "    default_backend app",
        "",
        "backend app",
        "    balance roundrobin",
        "    option httpchk",
        f"    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host {host}",
        "    http-check expect status 200",
        "    default-server check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down",
        f"    http-response set-header {SERVED_BY} %s",
    ]
    lines += [f"    server {name} {host}:{server}" for name, server in servers.items()]
    return "\n".join(lines) + "\n"


def cluster_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """The app servers' environment: production settings on plain HTTP on loopback, one
    SECRET_KEY for all, behind one proxy of our own (HAProxy)."""
    env = dict(os.environ if env is None else env)
    if not env.get("DATABASE_URL", "").startswith("postgres"):
        raise RuntimeError("the cluster runs under scripts/with-postgres (its DATABASE_URL)")
    env.setdefault("SECRET_KEY", "cluster-only-" + os.urandom(24).hex())
    env.update(
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        BEHIND_PROXY="1",
        PROXY_COUNT="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def answers(port: int, path: str = "/healthz", timeout: float = 2) -> int | None:
    """The status GET ``path`` answers on 127.0.0.1:port, None if nothing does."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Host": "127.0.0.1"})
        return conn.getresponse().status
    except OSError:
        return None
    finally:
        conn.close()


def wait_for(port: int, process: subprocess.Popen, what: str, log: Path) -> None:
    deadline = time.monotonic() + 30
    while answers(port) != 200:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited ({process.returncode}): see {log}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not answer /healthz within 30 s: see {log}")
        time.sleep(0.2)


def stop(process: subprocess.Popen, timeout: float = 15) -> None:
    """SIGTERM to the process's own session (a gunicorn master and its workers), then
    SIGKILL if it has not gone in ``timeout`` seconds."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        except ProcessLookupError:
            pass


@dataclass
class AppServer:
    name: str
    port: int
    process: subprocess.Popen


@dataclass
class Cluster:
    port: int  # HAProxy's
    servers: list[AppServer]
    haproxy: subprocess.Popen
    config: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@contextmanager
def app_server(
    env: dict[str, str], name: str, port: int, tmp: Path, workers: int = 2
) -> Iterator[AppServer]:
    """gunicorn on 127.0.0.1:port in its own session (Ctrl-C reaches this process alone,
    which stops it in order), stopped with its workers on the way out."""
    log = tmp / f"{name}.log"
    command = [
        str(BIN / "gunicorn"),
        "scorepad.wsgi:application",
        f"--workers={workers}",
        f"--bind=127.0.0.1:{port}",
        "--no-control-socket",
        "--log-level=warning",
        f"--error-logfile={log}",
        # Graceful: a stopped server ends the requests it has begun within 10 s.
        "--graceful-timeout=10",
    ]
    with open(tmp / f"{name}.site.log", "w") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, start_new_session=True, stdout=out, stderr=out
        )
        try:
            wait_for(port, process, f"app server {name}", log)
            yield AppServer(name, port, process)
        finally:
            stop(process)


@contextmanager
def cluster(
    env: dict[str, str], tmp: Path, servers: int = 2, workers: int = 2, port: int = 0
) -> Iterator[Cluster]:
    """``servers`` app servers and HAProxy in front of them on 127.0.0.1:port (a free
    port when 0); all stopped on the way out, HAProxy first."""
    if not Path(HAPROXY).exists():
        raise RuntimeError("haproxy not found: scripts/apt-install haproxy")
    port = port or free_port()
    with ExitStack() as stack:
        apps = [
            stack.enter_context(app_server(env, f"app{n}", free_port(), tmp, workers))
            for n in range(1, servers + 1)
        ]
        config = tmp / "haproxy.cfg"
        servers_at = {app.name: app.port for app in apps}
        config.write_text(haproxy_config(port, servers_at, stats=tmp / "haproxy.sock"))
        subprocess.run([HAPROXY, "-c", "-q", "-f", str(config)], check=True)
        log = tmp / "haproxy.log"
        out = stack.enter_context(open(log, "w"))
        proxy = subprocess.Popen(
            [HAPROXY, "-db", "-f", str(config)],
            start_new_session=True,
            stdout=out,
            stderr=out,
        )
        stack.callback(stop, proxy, 5)
        wait_for(port, proxy, "HAProxy", log)
        # Both servers in: the health check has passed on each (rise 2).
        deadline = time.monotonic() + 10
        seen: set[str] = set()
        while len(seen) < servers and time.monotonic() < deadline:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz", headers={"Host": "127.0.0.1"})
            seen.add(conn.getresponse().getheader(SERVED_BY, ""))
            conn.close()
        yield Cluster(port, apps, proxy, config)


def retries(stats: Path) -> dict[str, int]:
    """What HAProxy did for requests that failed on their server (its ``show stat`` on
    the ``stats`` socket): retries (``wretr``) and redispatches (``wredis``), summed over
    the servers."""
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(str(stats))
        s.sendall(b"show stat\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    lines = data.decode().splitlines()
    header = lines[0].lstrip("# ").split(",")
    rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
    servers = [r for r in rows if r.get("svname") not in ("FRONTEND", "BACKEND")]
    return {what: sum(int(r.get(what) or 0) for r in servers) for what in ("wretr", "wredis")}


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, default=2, help="app servers (2 or more)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers each")
    parser.add_argument("--port", type=int, default=8000, help="HAProxy's port (0: any free)")
    args = parser.parse_args()
    env = cluster_env()
    # Ctrl-C (SIGINT, even where a shell started us with it ignored) and SIGTERM end the
    # wait below; the context managers stop the rest, HAProxy first.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tmp = Path(tempfile.mkdtemp(prefix="scorepad-cluster-"))
    try:
        manage(env, "migrate", "--noinput", "--verbosity=0")
        manage(env, "collectstatic", "--noinput", "--verbosity=0")
        manage(env, "seed_demo")
        with cluster(env, tmp, args.servers, args.workers, args.port) as running:
            for app in running.servers:
                print(f"cluster: {app.name} on 127.0.0.1:{app.port} (pid {app.process.pid})")
            print(f"cluster: HAProxy config and logs in {tmp}")
            print(f"cluster: serving {running.url} (demo / scorepad-demo); Ctrl-C stops it all")
            sys.stdout.flush()
            while True:
                for process in (running.haproxy, *(app.process for app in running.servers)):
                    if process.poll() is not None:
                        print(f"cluster: pid {process.pid} exited ({process.returncode}); stopping")
                        return 1
                time.sleep(1)
    except KeyboardInterrupt:
        return 130
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        print("cluster: stopped", flush=True)


if __name__ == "__main__":
    sys.exit(main())
