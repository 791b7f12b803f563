-- shared: auth header, percentile report in ms
token = os.getenv("TOKEN")
wrk.headers["Authorization"] = "Bearer " .. token
wrk.headers["Content-Type"] = "application/scim+json"
function report(summary, latency, requests)
  local codes = ""
  io.write(string.format("requests=%d errors(non2xx)=%d rps=%.0f p50=%.2fms p95=%.2fms p99=%.2fms max=%.2fms\n",
    summary.requests, summary.errors.status, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
done = report
function user_json(prefix, n)
  local un = prefix .. n
  return string.format([[{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User","urn:idbench:params:scim:schemas:extension:profile:2.0:User","urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
"userName":"%s","password":"password","name":{"givenName":"fn_%s","familyName":"sn_%s"},
"emails":[{"value":"%s@example.org","type":"work","primary":true}],
"addresses":[{"type":"home","streetAddress":"4507 Hill Boulevard, Suite 242","locality":"Ashland","region":"OH","postalCode":"23434","country":"US"},{"type":"work","streetAddress":"8936 Pine Court, Suite 132","locality":"Arlington","region":"VA","postalCode":"13905","country":"US"}],
"phoneNumbers":[{"type":"mobile","value":"+1 555 %s"}],"userType":"Type %s",
"urn:idbench:params:scim:schemas:extension:profile:2.0:User":{"ssn":%d,"badge":%d,"gender":"other","birthPlace":"Springfield, IL","birthday":"1988-01-18","contractLevel":"L3","contractStart":"2018-10-09","qualification":"MSc","institution":"Example University","organization":"Example Corporation EMEA GmbH","recruitment":"2018"},
"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User":{"employeeNumber":"%s"}}]],
    un, un, un, un, un, string.char(65 + (n % 10)), 100000000 + n, 300000000 + n, "N" .. un)
end
