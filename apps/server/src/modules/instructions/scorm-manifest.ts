import { XMLParser } from 'fast-xml-parser';
import { AppError } from '#platform/errors.ts';

/** What the application reads of a package's `imsmanifest.xml` (decision 068). */
export type ScormManifest = {
  scormVersion: '1.2' | '2004';
  title: string;
  /** The first SCO's launch file, relative to the package root (xml:base applied), with its parameters. */
  launch: string;
};

type Node = Record<string, unknown>;

const LISTS = new Set(['organization', 'item', 'resource', 'file', 'dependency']);

const asList = (value: unknown): Node[] =>
  value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).filter(isNode);
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const text = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (isNode(value) && '#text' in value) return text(value['#text']);
  return '';
};
const attr = (node: Node, name: string): string => {
  for (const [key, value] of Object.entries(node))
    if (key.toLowerCase() === `@_${name.toLowerCase()}`) return text(value);
  return '';
};

/** The SCORM version the manifest declares: its schemaversion, else the ADL namespaces it uses. */
export function scormVersionOf(xml: string, schemaVersion: string): '1.2' | '2004' {
  const declared = schemaVersion.toLowerCase();
  if (declared === '1.2') return '1.2';
  if (declared.includes('2004') || declared.includes('cam 1.3')) return '2004';
  if (declared === '') {
    if (/adlcp_rootv1p2/i.test(xml)) return '1.2';
    if (/adlcp_v1p3/i.test(xml)) return '2004';
  }
  throw new AppError('SCORM_VERSION_UNSUPPORTED');
}

/** Joins xml:base parts and the href; a URL with a scheme or an absolute path is not a launch file of the package. */
function launchPath(parts: string[], parameters: string): string {
  const joined = parts.filter((p) => p !== '').join('');
  if (/^[a-z][a-z0-9+.-]*:/i.test(joined) || joined.startsWith('/') || joined.startsWith('\\'))
    throw new AppError('SCORM_LAUNCH_MISSING');
  if (parameters === '') return joined;
  const p = parameters.replace(/^[?&]+/, '');
  return p === '' ? joined : `${joined}${joined.includes('?') ? '&' : '?'}${p}`;
}

/**
 * Parses the manifest: version, title, and the launch file of the first SCO in the default organization (the
 * items in document order), else of the first SCO resource. Packages with several SCOs launch their first one.
 */
export function parseManifest(xml: string, fallbackTitle: string): ScormManifest {
  let doc: Node;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      removeNSPrefix: true,
      processEntities: false,
      isArray: (name) => LISTS.has(name),
    }).parse(xml) as Node;
  } catch {
    throw new AppError('SCORM_MANIFEST_INVALID');
  }
  const manifest = doc.manifest;
  if (!isNode(manifest)) throw new AppError('SCORM_MANIFEST_INVALID');
  const metadata = isNode(manifest.metadata) ? manifest.metadata : {};
  const scormVersion = scormVersionOf(xml, text(metadata.schemaversion));

  const resourcesNode = isNode(manifest.resources) ? manifest.resources : {};
  const resources = asList(resourcesNode.resource);
  const isSco = (r: Node) => attr(r, 'scormtype').toLowerCase() === 'sco' && attr(r, 'href') !== '';
  const launchOf = (r: Node, parameters: string) =>
    launchPath(
      [attr(manifest, 'base'), attr(resourcesNode, 'base'), attr(r, 'base'), attr(r, 'href')],
      parameters,
    );

  const organizationsNode = isNode(manifest.organizations) ? manifest.organizations : {};
  const organizations = asList(organizationsNode.organization);
  const wanted = attr(organizationsNode, 'default');
  const organization = organizations.find((o) => attr(o, 'identifier') === wanted) ?? organizations[0];

  let found: { resource: Node; parameters: string; title: string } | undefined;
  const walk = (items: Node[]) => {
    for (const item of items) {
      if (found) return;
      const ref = attr(item, 'identifierref');
      const resource = ref === '' ? undefined : resources.find((r) => attr(r, 'identifier') === ref);
      if (resource && isSco(resource))
        found = { resource, parameters: attr(item, 'parameters'), title: text(item.title) };
      else walk(asList(item.item));
    }
  };
  if (organization) walk(asList(organization.item));
  const resource = found?.resource ?? resources.find(isSco);
  if (!resource) throw new AppError('SCORM_LAUNCH_MISSING');
  const title =
    (organization ? text(organization.title) : '') || found?.title || fallbackTitle.replace(/\.zip$/i, '');
  return { scormVersion, title: title.slice(0, 300), launch: launchOf(resource, found?.parameters ?? '') };
}
