/* Both viewer pages' ?src=: one way to fetch a file and to say why it could not be read. */

/* The file's text, or null once showError has been given the reason. */
async function fetchSource(src, showError) {
  try {
    const resp = await fetch(src, { headers: { Accept: "application/json" } });
    if (!resp.ok) {
      showError(T("Could not fetch {src}: HTTP {status}", { src, status: resp.status }));
      return null;
    }
    return await resp.text();
  } catch (e) {
    showError(corsMessage(src, e));
    return null;
  }
}

/* A fetch that fails outright is, from another host, almost always CORS: say so, and what to do. */
function corsMessage(src, e) {
  const other = (() => { try { return new URL(src, location.href).origin !== location.origin; } catch { return false; } })();
  const el = document.createElement("div");
  el.className = "cors";
  el.dataset.reason = other ? "cors" : "network";
  el.textContent = other
    ? T("The browser was not allowed to read {src}: its host does not send Access-Control-Allow-Origin " +
      "for this page (CORS), or it cannot be reached. What to do: download the file and open it with " +
      "\"or a file\" above, or paste its contents; or ask that host to allow CORS (send " +
      "\"Access-Control-Allow-Origin: *\" or this page's origin, {origin}). ({message})",
        { src, origin: location.origin, message: e.message })
    : T("Could not fetch {src}: {message}", { src, message: e.message });
  return el;
}
