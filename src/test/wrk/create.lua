dofile((os.getenv("WRK_DIR") or ".") .. "/common.lua")
local counter = 0
local threads = {}
function setup(thread) thread:set("base", #threads * 10000000); table.insert(threads, thread) end
function init(args) prefix = os.getenv("PREFIX") or "bench."; base = base + tonumber(os.getenv("OFFSET") or "0") + 1; limit = tonumber(os.getenv("LIMIT") or "0") end
function request()
  if limit > 0 and counter >= limit then return wrk.format("GET", "/scim/v2/ServiceProviderConfig") end
  counter = counter + 1
  return wrk.format("POST", "/scim/v2/Users", nil, user_json(prefix, base + counter))
end
function response(status)
  if limit > 0 and counter >= limit then wrk.thread:stop() end
end
