-- One identity's groups (memberOf, plan 3): GET /Users/<id>?attributes=groups for random ids of $WORK/ids.txt.
dofile((os.getenv("WRK_DIR") or ".") .. "/common.lua")
ids = {}
for line in io.lines((os.getenv("WORK") or "/tmp/idbench-wrk") .. "/ids.txt") do ids[#ids + 1] = line end
math.randomseed(os.time() + math.floor(os.clock() * 1e6))
function request() return wrk.format("GET", "/scim/v2/Users/" .. ids[math.random(#ids)] .. "?attributes=groups") end
