// actions/github-script played here: runs a workflow's `script:` as the action does (an async
// function of require, github, context and core), with a fake `github` whose issue comments live
// in a JSON file, so a run's comment is kept for the next run of the same pull request.
//   node github-script.js SCRIPT COMMENTS.json CONTEXT_JSON
"use strict";
const fs = require("fs");
const { createRequire } = require("module");
const [scriptPath, store, contextJSON] = process.argv.slice(2);

const context = JSON.parse(contextJSON);
const load = () => (fs.existsSync(store) ? JSON.parse(fs.readFileSync(store, "utf8")) : { next: 1, comments: [], calls: [] });
const keep = (state) => fs.writeFileSync(store, JSON.stringify(state, null, 2));
// Each call is recorded in the store's `calls`, so the caller can tell created from updated.
const call = (name, change) => async (params) => {
  const state = load();
  const data = change(state, params);
  state.calls.push({ call: name, issue: params.issue_number, comment: params.comment_id });
  keep(state);
  return { data, status: 200 };
};
const issues = {
  listComments: call("listComments", (state, { issue_number }) => state.comments.filter((c) => c.issue === issue_number)),
  createComment: call("createComment", (state, { issue_number, body }) => {
    const comment = { id: state.next++, issue: issue_number, body, user: { login: "github-actions[bot]" } };
    state.comments.push(comment);
    return comment;
  }),
  updateComment: call("updateComment", (state, { comment_id, body }) => {
    const comment = state.comments.find((c) => c.id === comment_id);
    if (!comment) throw new Error(`no comment ${comment_id}`);
    comment.body = body;
    return comment;
  }),
  deleteComment: call("deleteComment", (state, { comment_id }) => {
    const before = state.comments.length;
    state.comments = state.comments.filter((c) => c.id !== comment_id);
    if (state.comments.length === before) throw new Error(`no comment ${comment_id}`);
    return {};
  }),
};
const github = { rest: { issues }, paginate: async (method, params) => (await method(params)).data };
const core = {
  info: (line) => console.log(line),
  warning: (line) => console.log(`::warning::${line}`),
  setFailed: (line) => { console.log(`::error::${line}`); process.exitCode = 1; },
};

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
const script = new AsyncFunction("require", "github", "context", "core", fs.readFileSync(scriptPath, "utf8"));
script(createRequire(process.cwd() + "/"), github, context, core).catch((error) => {
  console.log(`::error::${error.stack || error}`);
  process.exitCode = 1;
});
