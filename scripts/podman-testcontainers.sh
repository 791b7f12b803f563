#!/usr/bin/env bash
# Makes the Testcontainers providers testable on a machine without Docker (see README, "Providers"):
# installs podman, builds local images from Debian packages (no registry is reachable), serves
# podman's Docker API on a private socket and exports what Testcontainers and idbench need.
#
#   source scripts/podman-testcontainers.sh && podman_testcontainers_setup   # then ./mvnw test runs them
#   podman_testcontainers_stop                                              # stops the API service again
#
# Images (built once, kept in podman's storage; rebuilt when missing):
#   localhost/idbench-pg:15-<digest>           PostgreSQL 15 (Debian), a compatible substitute for postgres:17
#   localhost/idbench-opensearch:2.19.6-<digest>  the OpenSearch integ-test distribution on Debian's JDK 17
#   localhost/idbench-elasticsearch:8.19.21-<digest>  the Elasticsearch integ-test distribution, likewise
# Needs root, apt and the Debian archive apt is configured with; about 2-3 minutes and 1 GB of disk on a fresh machine.

PODMAN_DIR=${PODMAN_DIR:-/var/tmp/idbench-podman}
IDBENCH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The Debian archive this machine's apt uses (a mirror or a proxy may stand in for deb.debian.org):
# the first URI serving the main archive in /etc/apt/sources.list.d/*.sources (deb822) or
# sources.list (one-line format); DEBIAN_MIRROR overrides it.
apt_debian_mirror() {
  local codename uri
  codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-bookworm}")
  # deb822 stanzas (blank-line separated): Types has deb, Suites has the release itself.
  uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk -v rel="$codename" '
      function pick() { if (!done && deb && (" " suites " ") ~ (" " rel " ") && uris != "") { split(uris, u, " "); print u[1]; done = 1; exit } }
      /^[[:space:]]*$/ { pick(); deb = 0; suites = ""; uris = ""; next }
      /^Types:/  { deb = ($0 ~ /[[:space:]]deb([[:space:]]|$)/) }
      /^Suites:/ { suites = substr($0, 8) }
      /^URIs:/   { uris = substr($0, 6) }
      END { pick() }')
  if [ -z "$uri" ]; then # one-line format: deb [options] <uri> <release> <components>
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk -v rel="$codename" '
        $1 == "deb" { for (i = 2; i < NF; i++) if ($i ~ /^[a-z+]+:\/\//) { if ($(i + 1) == rel) { print $i; exit } break } }')
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-$(apt_debian_mirror)}
pom_version() { sed -n "s:.*<$1.version>\(.*\)</$1.version>.*:\1:p" "$IDBENCH_ROOT/pom.xml"; }
OPENSEARCH_VERSION=$(pom_version opensearch)
ELASTICSEARCH_VERSION=$(pom_version elasticsearch)
# Tags carry a digest of the entrypoints, so a changed entrypoint builds a new image.
IMAGE_DIGEST=$(cat "$IDBENCH_ROOT"/scripts/podman/*-entrypoint.sh | sha256sum | cut -c1-8)
PG_IMAGE=localhost/idbench-pg:15-$IMAGE_DIGEST
OS_IMAGE=localhost/idbench-opensearch:$OPENSEARCH_VERSION-$IMAGE_DIGEST
ES_IMAGE=localhost/idbench-elasticsearch:$ELASTICSEARCH_VERSION-$IMAGE_DIGEST

# An engine image: the unpacked integ-test distribution (target/search-dist) in /opt/engine of the rootfs.
import_engine_image() { # <rootfs> <engine> <version> <image>
  local rootfs=$1 dist="$IDBENCH_ROOT/target/search-dist/$2-$3"
  podman image exists "$4" && return 0
  if [ ! -x "$dist/bin/$2" ]; then
    (cd "$IDBENCH_ROOT" && ./mvnw -B -q -ntp generate-resources) || return 1
  fi
  rm -rf "$rootfs/opt/engine" && mkdir -p "$rootfs/opt" && cp -a "$dist" "$rootfs/opt/engine" || return 1
  chown -R 1000:1000 "$rootfs/opt/engine" || return 1
  echo "podman: importing $4…"
  tar -C "$rootfs" -c . | podman import --quiet --change 'ENTRYPOINT ["/usr/local/bin/search-entrypoint.sh"]' \
    --change 'EXPOSE 9200' - "$4" >/dev/null || return 1
  rm -rf "$rootfs/opt/engine"
}

# The three images, built from a debootstrapped Debian once per entrypoint digest (callers hold the setup lock).
podman_images() {
  if ! podman image exists "$PG_IMAGE" || ! podman image exists "$OS_IMAGE" || ! podman image exists "$ES_IMAGE"; then
    local rootfs="$PODMAN_DIR/rootfs"
    if [ ! -x "$rootfs/usr/lib/postgresql/15/bin/postgres" ] || [ ! -x "$rootfs/usr/lib/jvm/java-17-openjdk-amd64/bin/java" ]; then
      echo "podman: debootstrap of a minimal Debian with PostgreSQL 15 and a JDK 17 from $DEBIAN_MIRROR (about a minute)…"
      rm -rf "$rootfs"
      debootstrap --variant=minbase --include=postgresql-15,openjdk-17-jre-headless bookworm "$rootfs" "$DEBIAN_MIRROR" \
        >"$PODMAN_DIR/debootstrap.log" 2>&1 || { tail -5 "$PODMAN_DIR/debootstrap.log"; return 1; }
      rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    fi
    install -m 755 "$IDBENCH_ROOT/scripts/podman/pg-entrypoint.sh" "$rootfs/usr/local/bin/docker-entrypoint.sh" || return 1
    install -m 755 "$IDBENCH_ROOT/scripts/podman/search-entrypoint.sh" "$rootfs/usr/local/bin/search-entrypoint.sh" || return 1
    if ! podman image exists "$PG_IMAGE"; then
      echo "podman: importing $PG_IMAGE…"
      tar -C "$rootfs" --exclude=./opt/engine -c . | podman import --quiet --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
        --change 'CMD ["postgres"]' --change 'EXPOSE 5432' --change 'STOPSIGNAL SIGINT' - "$PG_IMAGE" >/dev/null || return 1
    fi
    import_engine_image "$rootfs" opensearch "$OPENSEARCH_VERSION" "$OS_IMAGE" || return 1
    import_engine_image "$rootfs" elasticsearch "$ELASTICSEARCH_VERSION" "$ES_IMAGE" || return 1
  fi
}

# Every step either succeeds or makes the function return non-zero (callers may be under set -e or not).
podman_testcontainers_setup() {
  export CONTAINERS_CONF="$IDBENCH_ROOT/scripts/podman/containers.conf"
  if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null; then
    echo "podman: installing podman, runc, debootstrap, slirp4netns…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      podman runc debootstrap slirp4netns uidmap fuse-overlayfs catatonit >/dev/null || return 1
  fi
  mkdir -p "$PODMAN_DIR" || return 1
  # One setup at a time on the machine: two would share the rootfs, one emptying /opt/engine while the other's tar reads it
  # into an image (a broken engine under the right tag, reused by every later run).
  local lock
  exec {lock}>"$PODMAN_DIR/setup.lock" && flock "$lock" || return 1
  podman_images || { exec {lock}>&-; return 1; }
  exec {lock}>&-
  local sock="$PODMAN_DIR/podman.sock"
  if [ ! -S "$sock" ] || ! curl -sf --unix-socket "$sock" http://d/_ping >/dev/null; then
    rm -f "$sock"
    podman system service --time=0 "unix://$sock" >"$PODMAN_DIR/service.log" 2>&1 &
    echo $! >"$PODMAN_DIR/service.pid"
    for _ in $(seq 1 100); do
      curl -sf --unix-socket "$sock" http://d/_ping >/dev/null 2>&1 && break
      sleep 0.1
    done
    curl -sf --unix-socket "$sock" http://d/_ping >/dev/null || { tail -5 "$PODMAN_DIR/service.log"; return 1; }
  fi
  export DOCKER_HOST="unix://$sock"
  export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_CHECKS_DISABLE=true TESTCONTAINERS_HOST_OVERRIDE=localhost
  export IDBENCH_PG_IMAGE="$PG_IMAGE" IDBENCH_OPENSEARCH_IMAGE="$OS_IMAGE" IDBENCH_ELASTICSEARCH_IMAGE="$ES_IMAGE"
  echo "podman: Docker API at $DOCKER_HOST; images $PG_IMAGE, $OS_IMAGE, $ES_IMAGE"
}

podman_testcontainers_stop() {
  if [ -f "$PODMAN_DIR/service.pid" ]; then
    kill "$(cat "$PODMAN_DIR/service.pid")" 2>/dev/null || true
    rm -f "$PODMAN_DIR/service.pid" "$PODMAN_DIR/podman.sock"
  fi
  podman ps -aq 2>/dev/null | xargs -r podman rm -f >/dev/null 2>&1 || true
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "source this script: source scripts/podman-testcontainers.sh" >&2
  exit 2
fi
