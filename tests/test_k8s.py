"""deploy/: the Kubernetes manifests, validated against Kubernetes' own schemas and against the code.

``kubernetes-validate`` ships the API's JSON schemas in its wheel (no cluster, no network); strict
mode refuses any field the API does not know. Beyond the schemas, the pieces must fit together:
the probes ask paths the app answers, the Service reaches the container's port, the autoscaler and
the disruption budget select the Deployment's pods, the keys come from the Secret, and every
variable set is one the README documents.
"""

from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
VERSION = "1.30.0"  # the oldest Kubernetes the manifests promise to run on (autoscaling/v2, policy/v1)
FILES = sorted(p.name for p in DEPLOY.glob("*.yaml") if p.name != "kustomization.yaml")


def docs():
    out = {}
    for name in FILES:
        for doc in yaml.safe_load_all((DEPLOY / name).read_text()):
            out[doc["kind"]] = doc
    return out


@pytest.mark.parametrize("version", [VERSION, kubernetes_validate.latest_version()])
@pytest.mark.parametrize("name", FILES)
def test_each_manifest_is_valid_kubernetes(name, version):
    for doc in yaml.safe_load_all((DEPLOY / name).read_text()):
        kubernetes_validate.validate(doc, version, strict=True)


def test_the_kustomization_lists_every_manifest_but_the_secret():
    listed = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())["resources"]
    assert sorted(listed) == [f for f in FILES if f != "secret.example.yaml"]


def test_the_pieces_fit_together(app):
    d = docs()
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Secret"} <= set(d)
    deployment = d["Deployment"]
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    (container,) = pod["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    env = {e["name"]: e for e in container["env"]}
    assert int(env["PORT"]["value"]) == ports["http"] and env["HOST"]["value"] == "0.0.0.0"
    routes = {r.rule for r in app.url_map.iter_rules()}
    for probe, path in (("readinessProbe", "/readyz"), ("livenessProbe", "/healthz")):
        assert container[probe]["httpGet"]["path"] == path and path in routes
        assert container[probe]["httpGet"]["port"] in ports
        assert app.test_client().get(path).status_code == 200
    assert container["resources"]["requests"]["cpu"] and container["resources"]["requests"]["memory"]
    assert container["securityContext"]["readOnlyRootFilesystem"] and pod["spec"]["securityContext"]["runAsNonRoot"]
    assert any(m["mountPath"] == "/tmp" for m in container["volumeMounts"])  # gunicorn and the metrics write there
    service = d["Service"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert service["spec"]["ports"][0]["targetPort"] in ports
    hpa = d["HorizontalPodAutoscaler"]
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                             "name": deployment["metadata"]["name"]}
    assert [m["resource"]["name"] for m in hpa["spec"]["metrics"]] == ["cpu"]
    assert hpa["spec"]["minReplicas"] >= 2  # with the budget below, a drain never leaves none
    assert d["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    ref = env["REFEREE_TOKEN_KEYS"]["valueFrom"]["secretKeyRef"]
    assert ref["name"] == d["Secret"]["metadata"]["name"] and ref["key"] in d["Secret"]["stringData"]
    readme = (ROOT / "README.md").read_text()
    assert all(f"`{name}`" in readme for name in env), "every variable set must be a documented setting"
