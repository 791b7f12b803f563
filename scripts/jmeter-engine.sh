#!/usr/bin/env bash
# Starts a remote JMeter engine (jmeter-server) for distributed load: ./mvnw verify -Djmeter.remotes=<host>:<port>,…
# It is the JMeter of the build (the version and configuration jmeter-maven-plugin unpacks from Maven Central, from this
# project's pom.xml), recording the same extra JTL columns, with its RMI ports fixed so that a firewall can let them in:
#   <port>      the RMI registry the build's JMeter connects to (server_port; JMeter's default 1099)
#   <port> + 1  the engine's own RMI object (server.rmi.localport), unless --rmi-port says otherwise
# RMI runs over SSL with a keystore (made here with keytool when missing, JMeter's alias "rmi" and password "changeit");
# the build uses the same file: -Djmeter.rmi.keystore=<it>. --no-ssl is JMeter's opt-out, for a private network only.
# The engine runs in the foreground until Ctrl-C or SIGTERM.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/jmeter-engine.sh [--port <port>] [--rmi-port <port>] [--host <address>] [--keystore <file> | --no-ssl]
                                [--home <dir>] [--heap <size>] [--samplers <jar>]
  --port <port>       the engine's RMI registry port (default 1099)
  --rmi-port <port>   its RMI object port (default: port + 1)
  --host <address>    the address the build reaches this engine on (default 127.0.0.1: an engine on the build's machine)
  --keystore <file>   the RMI keystore shared with the build (default <home>/rmi_keystore.jks, made when missing)
  --no-ssl            RMI without SSL (a private network only); the build then needs -Djmeter.rmi.ssl=false
  --home <dir>        where JMeter is unpacked and the engine logs (default ~/.cache/idbench/jmeter-engine)
  --heap <size>       the engine JVM's heap (default 1g)
  --samplers <jar>    the plans' compiled elements and samplers (default: the jar the build made, target/idbench-*-jmeter.jar,
                      or before a build packed it, target/classes); an engine on another machine needs a copy of that jar
Example: scripts/jmeter-engine.sh --port 1099 &  scripts/jmeter-engine.sh --port 1109 &
         ./mvnw -B verify -DskipTests -Dplan=read-flood -Djmeter.remotes=127.0.0.1:1099,127.0.0.1:1109 \
             -Djmeter.rmi.keystore=$HOME/.cache/idbench/jmeter-engine/rmi_keystore.jks
EOF
}

die() { echo "jmeter-engine: $*" >&2; exit 2; }

repo="$(cd "$(dirname "$0")/.." && pwd)"
port=1099 rmi_port="" host=127.0.0.1 keystore="" ssl=true home="${HOME}/.cache/idbench/jmeter-engine" heap=1g samplers=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --port) port="${2:?--port needs a value}"; shift 2 ;;
    --rmi-port) rmi_port="${2:?--rmi-port needs a value}"; shift 2 ;;
    --host) host="${2:?--host needs a value}"; shift 2 ;;
    --keystore) keystore="${2:?--keystore needs a value}"; shift 2 ;;
    --no-ssl) ssl=false; shift ;;
    --home) home="${2:?--home needs a value}"; shift 2 ;;
    --heap) heap="${2:?--heap needs a value}"; shift 2 ;;
    --samplers) samplers="${2:?--samplers needs a value}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
done
rmi_port="${rmi_port:-$((port + 1))}"
for p in "$port" "$rmi_port"; do
  [[ "$p" =~ ^[0-9]+$ ]] && (( p >= 1 && p <= 65535 )) || die "a port must be a number from 1 to 65535, was '$p'"
done
[[ "$port" != "$rmi_port" ]] || die "--port and --rmi-port must differ, both were $port"
[[ "$heap" =~ ^[0-9]+[mg]$ ]] || die "--heap must look like 512m or 1g, was '$heap'"
[[ "$ssl" == true || -z "$keystore" ]] || die "--keystore and --no-ssl contradict each other; give one"
# Every plan runs compiled elements of idbench's (io.idbench.plans.jmeter): the engine loads them as the build's JMeter does.
if [[ -z "$samplers" ]]; then
  samplers="$(ls "$repo"/target/idbench-*-jmeter.jar 2>/dev/null | head -1 || true)"
  [[ -n "$samplers" || ! -d "$repo/target/classes/io/idbench/plans/jmeter" ]] || samplers="$repo/target/classes"
fi
[[ -n "$samplers" ]] || die "no samplers' jar in $repo/target: build once (./mvnw -B package -DskipTests) or give --samplers <jar>"
[[ -e "$samplers" ]] || die "the samplers' jar $samplers does not exist"
samplers="$(cd "$(dirname "$samplers")" && pwd)/$(basename "$samplers")"

# The build's JMeter and plugin versions, its extra JTL columns and JMeter's collector, from pom.xml: an engine must match the build.
pom_value() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$repo/pom.xml" | head -1; }
jmeter_version="$(pom_value jmeter.version)"
plugin_version="$(pom_value jmeter-maven-plugin.version)"
sample_variables="$(pom_value jmeter.sample.variables)"
gc="$(pom_value jmeter.gc)"
[[ -n "$jmeter_version" && -n "$plugin_version" && -n "$sample_variables" && -n "$gc" ]] || die "cannot read the JMeter versions from $repo/pom.xml"

mkdir -p "$home"
jar="$(ls -d "$home"/target/*/jmeter/bin/ApacheJMeter-"$jmeter_version".jar 2>/dev/null | head -1 || true)"
if [[ -z "$jar" ]]; then
  echo "jmeter-engine: unpacking JMeter $jmeter_version into $home (jmeter-maven-plugin $plugin_version, from Maven Central)…"
  cat > "$home/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.idbench</groupId><artifactId>jmeter-engine</artifactId><version>1</version><packaging>pom</packaging>
  <build><plugins><plugin>
    <groupId>com.lazerycode.jmeter</groupId><artifactId>jmeter-maven-plugin</artifactId><version>$plugin_version</version>
    <configuration><jmeterVersion>$jmeter_version</jmeterVersion></configuration>
  </plugin></plugins></build>
</project>
EOF
  rm -rf "$home/target"
  "$repo/mvnw" -B -ntp -q -f "$home/pom.xml" jmeter:configure
  jar="$(ls -d "$home"/target/*/jmeter/bin/ApacheJMeter-"$jmeter_version".jar | head -1)"
fi

rmi=()
if [[ "$ssl" == true ]]; then
  keystore="${keystore:-$home/rmi_keystore.jks}"
  if [[ ! -f "$keystore" ]]; then
    echo "jmeter-engine: making the RMI keystore $keystore (copy it to the build's machine and to every engine)"
    keytool -genkeypair -alias rmi -keyalg RSA -keysize 2048 -validity 365 -keystore "$keystore" -storetype JKS \
      -storepass changeit -keypass changeit -dname "CN=idbench JMeter engine, OU=idbench" >/dev/null 2>&1 \
      || die "keytool could not make $keystore"
  fi
  keystore="$(cd "$(dirname "$keystore")" && pwd)/$(basename "$keystore")"
  rmi=(-Jserver.rmi.ssl.keystore.file="$keystore" -Jserver.rmi.ssl.truststore.file="$keystore")
  build_flag="-Djmeter.rmi.keystore=$keystore"
else
  rmi=(-Jserver.rmi.ssl.disable=true)
  build_flag="-Djmeter.rmi.ssl=false"
fi

echo "jmeter-engine: JMeter $jmeter_version engine at $host:$port (its RMI object on $rmi_port); log $home/engine-$port.log"
echo "jmeter-engine: the build: ./mvnw verify -Djmeter.remotes=$host:$port $build_flag"
cd "$home"
exec java -Xms"$heap" -Xmx"$heap" "$gc" -Djava.rmi.server.hostname="$host" -jar "$jar" -s -Dserver_port="$port" \
  -Jserver.rmi.localport="$rmi_port" -Jsample_variables="$sample_variables" -Juser.classpath="$samplers" "${rmi[@]}" \
  -j "$home/engine-$port.log"
