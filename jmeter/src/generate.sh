#!/usr/bin/env bash
# The plans (six over SCIM, four LDAP versions) are generated from these scripts so that they share one structure (warm-up, barrier,
# measured phase, phases and Server-Timing recorded per sample). Edit the scripts, then run this (it needs python3, nothing
# else) and commit the .jmx files with them. Each plan's second line marks it generated, with the digests of these sources
# and of the plan: PlansAreGeneratedTest refuses a plan edited by hand or saved from JMeter's GUI, and a stale one.
set -euo pipefail
cd "$(dirname "$0")"
python3 heterogeneous.py ../heterogeneous.jmx
python3 read_flood.py ../read-flood.jmx
python3 members.py ../members.jmx
python3 query_values.py ../query-values.jmx
python3 provisioning.py ../provisioning.jmx
python3 keycloak_team.py ../keycloak-team.jmx
python3 ldap_heterogeneous.py ../ldap-heterogeneous.jmx
python3 ldap_read_flood.py ../ldap-read-flood.jmx
python3 ldap_members.py ../ldap-members.jmx
python3 ldap_query_values.py ../ldap-query-values.jmx
for f in ../*.jmx; do python3 -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" "$f"; done
echo "generated: $(cd .. && ls *.jmx | tr '\n' ' ')"
