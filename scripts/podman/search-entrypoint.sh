#!/bin/bash
# Stand-in for the official Elasticsearch/OpenSearch image entrypoints: runs the integ-test
# distribution in /opt/engine as uid 1000 (both engines refuse root), and turns environment
# variables whose names contain a dot (discovery.type=single-node, …) into -E settings, as the
# official images do. ES_JAVA_OPTS / OPENSEARCH_JAVA_OPTS are read by the engines' own scripts.
set -e
ENGINE_BIN=$(ls /opt/engine/bin/elasticsearch /opt/engine/bin/opensearch 2>/dev/null | head -n 1)
set -- -Enetwork.host=0.0.0.0 -Ehttp.port=9200
for kv in $(env | grep -E '^[a-z][a-z0-9_]*\.[a-z0-9_.]+=' || true); do
  set -- "$@" "-E$kv"
done
export ES_JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 OPENSEARCH_JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64
exec setpriv --reuid=1000 --regid=1000 --clear-groups -- "$ENGINE_BIN" "$@"
