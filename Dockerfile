# The referee as a container: slim Python, a non-root user, a health check on /readyz.
#   docker build -t card-referee . && docker run -p 8000:8000 card-referee
# Every setting is an environment variable (README, "Settings"), e.g. -e WEB_CONCURRENCY=4.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000

WORKDIR /app
COPY pyproject.toml setup.py README.md gunicorn.conf.py openapi.yaml ./
COPY service ./service
COPY schemas ./schemas
# gcc for the compiled core (setup.py; without it the core runs as pure Python), gone in the same layer
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install . \
    && apt-get purge -y --auto-remove gcc libc6-dev && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin referee

USER referee
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/readyz' % os.environ.get('PORT', '8000'), timeout=2)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py", "service:create_app()"]
