dofile((os.getenv("WRK_DIR") or ".") .. "/common.lua")
ids = {}
local threads = {}
function setup(thread) thread:set("tno", #threads); table.insert(threads, thread) end
function init(args)
  local all = {}
  for line in io.lines((os.getenv("WORK") or "/tmp/idbench-wrk") .. "/delete-ids.txt") do all[#all + 1] = line end
  local nthreads = tonumber(os.getenv("THREADS") or "2")
  for i = 1, #all do if (i - 1) % nthreads == tno then ids[#ids + 1] = all[i] end end
  pos = 0
end
function request()
  pos = pos + 1
  if pos > #ids then pos = #ids end
  return wrk.format("DELETE", "/scim/v2/Users/" .. ids[pos])
end
function response(status) if pos >= #ids then wrk.thread:stop() end end
