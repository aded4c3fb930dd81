"""`make cluster`'s HAProxy configuration (scripts/cluster.py): the app servers in turn,
a failed connection tried again on another server, the client's address passed on."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "cluster.py"


def cluster_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cluster_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_haproxy_config_retries_and_redispatches(tmp_path: Path) -> None:
    config = cluster_script().haproxy_config(8000, {"app1": 8001, "app2": 8002})
    lines = [line.strip() for line in config.splitlines()]
    assert "bind 127.0.0.1:8000" in lines
    assert "balance roundrobin" in lines
    assert "server app1 127.0.0.1:8001" in lines
    assert "server app2 127.0.0.1:8002" in lines
    # A request whose server refused it or died before answering goes to another one.
    assert "retries 3" in lines
    assert "option redispatch 1" in lines
    assert "retry-on conn-failure empty-response" in lines
    # A server is in while its health check answers.
    assert "option httpchk" in lines
    assert any("uri /healthz" in line for line in lines if line.startswith("http-check send"))
    assert "http-check expect status 200" in lines
    # The app reads the client's address from the one HAProxy appends (BEHIND_PROXY=1).
    assert "option forwardfor" in lines
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if Path(haproxy).exists():  # `make cluster` installs it; the suite does not need it
        (tmp_path / "haproxy.cfg").write_text(config)
        subprocess.run([haproxy, "-c", "-q", "-f", str(tmp_path / "haproxy.cfg")], check=True)


def test_app_servers_share_one_secret_and_sit_behind_one_proxy() -> None:
    env = cluster_script().cluster_env({"DATABASE_URL": "postgres://postgres@127.0.0.1:5/x"})
    assert env["SECRET_KEY"]
    assert env["BEHIND_PROXY"] == "1"
    assert env["PROXY_COUNT"] == "1"
    assert env["DEBUG"] == "0"
