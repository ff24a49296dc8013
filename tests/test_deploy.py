"""The deployment files, checked statically (no docker here): they must agree with the code."""

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def _instructions():
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_dockerfile_is_slim_non_root_and_health_checked(app):
    ins = _instructions()
    kinds = [k for k, _ in ins]
    assert re.fullmatch(r"python:3\.1[1-9]-slim(-\w+)?", dict(ins)["FROM"].strip())
    users = [v.strip() for k, v in ins if k == "USER"]
    assert users and users[-1] not in ("root", "0"), "the service must not run as root"
    assert kinds.index("USER") < kinds.index("CMD")
    health = dict(ins)["HEALTHCHECK"]
    path = re.search(r"127\.0\.0\.1:%s(/\w+)", health).group(1)
    assert path == "/readyz" and path in {r.rule for r in app.url_map.iter_rules()}
    assert "gunicorn.conf.py" in dict(ins)["CMD"] and "service:create_app()" in dict(ins)["CMD"]


def test_dockerfile_copies_what_exists_and_what_the_service_needs():
    copied = set()
    for kind, value in _instructions():
        if kind == "COPY":
            *sources, _dest = shlex.split(value)
            for s in sources:
                assert (ROOT / s).exists(), s
                copied.add(s)
    assert {"pyproject.toml", "openapi.yaml", "gunicorn.conf.py", "service", "schemas"} <= copied
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert not copied & set(ignored)


def test_procfile_runs_gunicorn_with_the_config_on_all_interfaces():
    (line,) = [x for x in (ROOT / "Procfile").read_text().splitlines() if x.strip()]
    kind, cmd = line.split(":", 1)
    assert kind == "web" and "HOST=0.0.0.0" in cmd
    assert "gunicorn -c gunicorn.conf.py 'service:create_app()'" in cmd


def _env_vars_read():
    pattern = re.compile(r"""os\.environ(?:\.get)?[\(\[]\s*["']([A-Z_][A-Z0-9_]*)["']""")
    found = set()
    for path in [ROOT / "gunicorn.conf.py", *(ROOT / "service").rglob("*.py")]:
        found |= set(pattern.findall(path.read_text()))
    return found - {"REFEREE_OWN_METRICS_DIR"}  # internal: set by gunicorn.conf.py for itself


def test_every_environment_variable_is_in_the_readme_settings_table():
    readme = (ROOT / "README.md").read_text()
    table = readme.split("## Settings", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"`([A-Z_][A-Z0-9_]*)`", table))
    read = _env_vars_read()
    assert {"WEB_CONCURRENCY", "PORT", "REFEREE_CORS_ORIGINS", "PROMETHEUS_MULTIPROC_DIR"} <= read
    assert read <= documented, sorted(read - documented)
