import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Small SCORM packages made for the tests (decision 068), and a minimal zip writer that can also write what a
 * careful tool would refuse (paths leaving the folder, symbolic links, bombs) for the upload checks.
 */
export type ZipEntry = { name: string; data: Buffer | string; symlink?: boolean; store?: boolean };

/** A zip file (deflate or stored entries, no extra fields). */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const packed = entry.store ? data : deflateRawSync(data);
    const method = entry.store ? 0 : 8;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix: external attributes carry the mode
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    const mode = entry.symlink ? 0o120777 : entry.name.endsWith('/') ? 0o040755 : 0o100644;
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** The manifest of a one-SCO package (launch `index.html`). */
export function manifestOf(version: '1.2' | '2004', title: string, launch = 'index.html'): string {
  const v12 = version === '1.2';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="SW-TEST-${v12 ? '12' : '2004'}" version="1"
  xmlns="${v12 ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1'}"
  xmlns:adlcp="${v12 ? 'http://www.adlnet.org/xsd/adlcp_rootv1p2' : 'http://www.adlnet.org/xsd/adlcp_v1p3'}">
  <metadata><schema>ADL SCORM</schema><schemaversion>${v12 ? '1.2' : '2004 4th Edition'}</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG">
      <title>${title}</title>
      <item identifier="ITEM" identifierref="RES"><title>${title}</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES" type="webcontent" adlcp:${v12 ? 'scormtype' : 'scormType'}="sco" href="${launch}">
      <file href="${launch}"/><file href="course.js"/>
    </resource>
  </resources>
</manifest>`;
}

/**
 * The course's script: two steps. „Weiter“ saves step 2 as suspend data and location and commits (the session may
 * end there: the next launch resumes at step 2); „Abschließen“ sets completion, success and the score and ends.
 */
export function courseScript(version: '1.2' | '2004', score: number): string {
  const v12 = version === '1.2';
  return `(function () {
  var name = ${v12 ? "'API'" : "'API_1484_11'"};
  function find(w) {
    for (var i = 0; w && i < 10; i++) { if (w[name]) return w[name]; if (w.parent === w) break; w = w.parent; }
    return null;
  }
  var api = find(window);
  var V12 = ${v12};
  var get = function (k) { return V12 ? api.LMSGetValue(k) : api.GetValue(k); };
  var set = function (k, v) { return V12 ? api.LMSSetValue(k, v) : api.SetValue(k, v); };
  var commit = function () { return V12 ? api.LMSCommit('') : api.Commit(''); };
  var finish = function () { return V12 ? api.LMSFinish('') : api.Terminate(''); };
  function show(text) { document.getElementById('status').textContent = text; }
  window.addEventListener('load', function () {
    if (!api) { show('Keine SCORM-Schnittstelle gefunden.'); return; }
    (V12 ? api.LMSInitialize('') : api.Initialize(''));
    var resumed = get('cmi.suspend_data') === 'step=2';
    show(resumed ? 'Fortgesetzt: Schritt 2 von 2 (' + get(V12 ? 'cmi.core.lesson_location' : 'cmi.location') + ')' : 'Schritt 1 von 2');
    document.getElementById('learner').textContent = get(V12 ? 'cmi.core.student_name' : 'cmi.learner_name');
    document.getElementById('next').addEventListener('click', function () {
      set('cmi.suspend_data', 'step=2');
      set(V12 ? 'cmi.core.lesson_location' : 'cmi.location', 'seite-2');
      set(V12 ? 'cmi.core.lesson_status' : 'cmi.completion_status', 'incomplete');
      set(V12 ? 'cmi.core.exit' : 'cmi.exit', 'suspend');
      set(V12 ? 'cmi.core.session_time' : 'cmi.session_time', V12 ? '00:01:05' : 'PT1M5S');
      commit();
      show('Schritt 2 von 2 (gespeichert)');
    });
    document.getElementById('finish').addEventListener('click', function () {
      if (V12) {
        set('cmi.core.score.raw', '${score}');
        set('cmi.core.lesson_status', 'passed');
        set('cmi.core.exit', '');
        set('cmi.core.session_time', '00:02:00');
      } else {
        set('cmi.score.raw', '${score}');
        set('cmi.score.scaled', '${score / 100}');
        set('cmi.completion_status', 'completed');
        set('cmi.success_status', 'passed');
        set('cmi.exit', 'normal');
        set('cmi.session_time', 'PT2M');
      }
      commit();
      finish();
      show('Abgeschlossen');
    });
  });
})();
`;
}

export const coursePage = (title: string) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${title}</title><script src="course.js"></script></head>
<body><main><h1>${title}</h1><p id="learner"></p><p id="status">Lädt …</p>
<button id="next" type="button">Weiter</button> <button id="finish" type="button">Abschließen</button></main></body></html>
`;

/** A complete test package of the version: manifest, launch page, the course's script. */
export function scormPackage(
  version: '1.2' | '2004',
  options: { title?: string; score?: number } = {},
): Buffer {
  const title = options.title ?? `Testkurs SCORM ${version}`;
  return zipOf([
    { name: 'imsmanifest.xml', data: manifestOf(version, title) },
    { name: 'index.html', data: coursePage(title) },
    { name: 'course.js', data: courseScript(version, options.score ?? 80) },
  ]);
}
