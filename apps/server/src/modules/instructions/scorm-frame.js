/*
 * The SCORM runtime inside the sandboxed frame (decision 068). The server puts three scripts first into the
 * package's launch page: boot.js (the learner's saved data), scorm-again (the runtime library) and this file, which
 * creates the API object the package looks for (window.API for SCORM 1.2, window.API_1484_11 for SCORM 2004) in
 * the package's own window. The frame has an opaque origin (sandbox without allow-same-origin), so it cannot reach
 * the application: every commit is handed to the parent page by postMessage, and the parent saves it with the
 * signed-in session.
 */
(() => {
  const boot = window.__schutzwerkScorm;
  if (!boot || window.parent === window) return;
  const lib = window.ScormAgain || window;
  const v12 = boot.version === '1.2';
  const Api = v12 ? lib.Scorm12API || window.Scorm12API : lib.Scorm2004API || window.Scorm2004API;
  if (typeof Api !== 'function') return;
  const api = new Api({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
  if (boot.cmi && Object.keys(boot.cmi).length > 0) api.loadFromJSON(boot.cmi, '');
  const send = (finished) => {
    const cmi = JSON.parse(JSON.stringify(api.cmi));
    window.parent.postMessage({ source: 'schutzwerk-scorm', finished, cmi }, boot.origin);
  };
  api.on(v12 ? 'LMSCommit' : 'Commit', () => send(false));
  api.on(v12 ? 'LMSFinish' : 'Terminate', () => send(true));
  if (v12) window.API = api;
  else window.API_1484_11 = api;
})();
