#!/usr/bin/env bash
# Installs Debian's OpenLDAP server and tools (/usr/sbin/slapd, slapadd, ldapsearch) for the OpenLDAP
# target (-Ptarget-openldap, docs/targets.md), unless they are there. Needs root and apt; about 20 s.
#   scripts/install-openldap.sh
# The package would configure a directory of its own and start slapd on port 389 of every interface:
# idbench starts its own slapd, on a free loopback port and a private directory, so the package is
# installed unconfigured (debconf slapd/no_configuration) and no service is started while it installs.
set -euo pipefail
if command -v slapd >/dev/null || [ -x /usr/sbin/slapd ]; then
  if command -v slapadd >/dev/null || [ -x /usr/sbin/slapadd ]; then
    exit 0
  fi
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "install-openldap: needs root and apt-get to install Debian's slapd and ldap-utils; install them by hand" >&2
  exit 1
fi
echo "install-openldap: installing Debian's slapd and ldap-utils (unconfigured, not started)…"
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  # invoke-rc.d asks this before it starts a service: 101 = not allowed.
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod 755 "$policy"
  trap 'rm -f "$policy"' EXIT
fi
echo "slapd slapd/no_configuration boolean true" | debconf-set-selections
DEBIAN_FRONTEND=noninteractive apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slapd ldap-utils >/dev/null
/usr/sbin/slapd -VV 2>&1 | head -1
