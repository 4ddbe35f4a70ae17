// The Content-Type of an upload, from the file name (GitHub stores it and serves downloads with it).

const BY_EXTENSION: Record<string, string> = {
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tgz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.bz2': 'application/x-bzip2',
  '.xz': 'application/x-xz',
  '.zst': 'application/zstd',
  '.7z': 'application/x-7z-compressed',
  '.rar': 'application/vnd.rar',
  '.jar': 'application/java-archive',
  '.war': 'application/java-archive',
  '.whl': 'application/zip',
  '.deb': 'application/vnd.debian.binary-package',
  '.rpm': 'application/x-rpm',
  '.apk': 'application/vnd.android.package-archive',
  '.dmg': 'application/x-apple-diskimage',
  '.pkg': 'application/octet-stream',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.appimage': 'application/vnd.appimage',
  '.iso': 'application/x-iso9660-image',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.toml': 'application/toml',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/vnd.microsoft.icon',
  '.asc': 'application/pgp-signature',
  '.sig': 'application/pgp-signature',
  '.pem': 'application/x-pem-file',
  '.sbom': 'application/json',
  '.intoto': 'application/vnd.in-toto+json',
  '.sha256': 'text/plain',
  '.sha512': 'text/plain',
};

/** Names of checksum lists without an extension. */
const TEXT_NAMES = /^(SHA\d+SUMS|MD5SUMS|CHECKSUMS|LICENSE|README|NOTICE)$/i;

export function contentTypeFor(fileName: string): string {
  const lower = fileName.toLowerCase();
  if (TEXT_NAMES.test(fileName)) return 'text/plain';
  const dot = lower.lastIndexOf('.');
  if (dot <= 0) return 'application/octet-stream';
  return BY_EXTENSION[lower.slice(dot)] ?? 'application/octet-stream';
}
