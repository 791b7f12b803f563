dofile((os.getenv("WRK_DIR") or ".") .. "/common.lua")
ids = {}
for line in io.lines((os.getenv("WORK") or "/tmp/idbench-wrk") .. "/ids.txt") do ids[#ids + 1] = line end
math.randomseed(os.time() + math.floor(os.clock() * 1e6))
local k = 0
function request()
  k = k + 1
  local body = string.format([[{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"replace","path":"emails[type eq \"work\"].value","value":"patched.%d.%d@example.org"}]}]], k, math.random(1000000000))
  return wrk.format("PATCH", "/scim/v2/Users/" .. ids[math.random(#ids)], nil, body)
end
