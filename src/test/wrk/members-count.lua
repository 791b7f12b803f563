-- The member count of a group alone (plan 3): GET /Users?filter=groups.value eq "<GROUP>"&count=0. Env: GROUP, TOKEN.
dofile((os.getenv("WRK_DIR") or ".") .. "/common.lua")
function urlencode(s) return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end)) end
local path = "/scim/v2/Users?count=0&filter=" .. urlencode('groups.value eq "' .. os.getenv("GROUP") .. '"')
function request() return wrk.format("GET", path) end
