-- Attaches `zlc lsp` to a screen in headless Neovim (0.7 and later) and writes the diagnostics
-- Neovim shows for it as JSON. Driven by test_neovim.py through environment variables.
local zlc, root, file, out = os.getenv("ZLC"), os.getenv("PROJECT"), os.getenv("SCREEN"), os.getenv("OUT")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local client_id = vim.lsp.start_client({ name = "zlc", cmd = { zlc, "lsp" }, root_dir = root })
vim.lsp.buf_attach_client(0, client_id)
local attached = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local result = { attached = attached, diagnostics = {} }
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(result.diagnostics, {
    lnum = d.lnum, col = d.col, message = d.message, severity = d.severity, code = d.code or lsp.code,
  })
end
local f = io.open(out, "w")
f:write(vim.fn.json_encode(result))
f:close()
vim.lsp.stop_client(client_id)
vim.cmd("qa!")
