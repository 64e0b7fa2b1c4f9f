-- Attaches `zlc lsp` to a file in headless Neovim (0.7 and later), asks for completion at
-- LINE:CHARACTER (0-based) through Neovim's client, applies the first item's edit to the buffer
-- and writes the labels offered and the edited line as JSON. Driven by test_neovim.py through
-- environment variables.
local zlc, root, file, out = os.getenv("ZLC"), os.getenv("PROJECT"), os.getenv("FILE"), os.getenv("OUT")
local line, character = tonumber(os.getenv("LINE")), tonumber(os.getenv("CHARACTER"))
vim.cmd("edit " .. vim.fn.fnameescape(file))
local client_id = vim.lsp.start_client({ name = "zlc", cmd = { zlc, "lsp" }, root_dir = root })
vim.lsp.buf_attach_client(0, client_id)
local ready = vim.wait(30000, function() return #vim.lsp.get_active_clients() > 0 end, 50)
local result = { ready = ready, labels = {} }
if ready then
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(), position = { line = line, character = character },
  }
  local responses = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 30000) or {}
  for _, response in pairs(responses) do
    result.error = response.err and response.err.message
    local items = response.result and (response.result.items or response.result) or {}
    for _, item in ipairs(items) do table.insert(result.labels, item.label) end
    if items[1] and items[1].textEdit then vim.lsp.util.apply_text_edits({ items[1].textEdit }, 0, "utf-16") end
  end
  result.line = vim.api.nvim_buf_get_lines(0, line, line + 1, false)[1]
end
local f = io.open(out, "w")
f:write(vim.fn.json_encode(result))
f:close()
vim.lsp.stop_client(client_id)
vim.cmd("qa!")
