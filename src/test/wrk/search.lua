dofile((os.getenv("WRK_DIR") or ".") .. "/common.lua")
function urlencode(s) return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end)) end
n_max = tonumber(os.getenv("SEEDED") or "10000")
math.randomseed(os.time() + math.floor(os.clock() * 1e6))
function request()
  local n = math.random(2, n_max)
  local f = string.format('name.givenName eq "fn_user.%d" or name.familyName eq "sn_user.%d"', n, n)
  return wrk.format("GET", "/scim/v2/Users?filter=" .. urlencode(f) .. "&sortBy=name.familyName&count=25")
end
