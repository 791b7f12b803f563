-- One page of 100 members of a group (plan 3): GET /Users?filter=groups.value eq "<GROUP>", at a random
-- page (START=random, default) or always the first (START=first). Env: GROUP, MEMBERS, TOKEN.
dofile((os.getenv("WRK_DIR") or ".") .. "/common.lua")
function urlencode(s) return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end)) end
local group = os.getenv("GROUP")
local members = tonumber(os.getenv("MEMBERS") or "1000")
local first = os.getenv("START") == "first"
local filter = urlencode('groups.value eq "' .. group .. '"')
math.randomseed(os.time() + math.floor(os.clock() * 1e6))
function request()
  local start = first and 1 or math.random(0, math.max(0, math.floor((members - 1) / 100))) * 100 + 1
  return wrk.format("GET", "/scim/v2/Users?filter=" .. filter .. "&count=100&startIndex=" .. start)
end
