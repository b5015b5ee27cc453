#!/bin/sh
# Bundles Discord's Embedded App SDK (@discord/embedded-app-sdk, MIT) with its dependencies
# into one ES module for the Activity page (docs/activity.md):
#   assets/web/vendor/discord-embedded-app-sdk.VERSION.js
#   assets/web/vendor/discord-embedded-app-sdk.VERSION.LICENSES.txt (every bundled licence)
# Node, npm and esbuild are used here, at this moment only, in a scratch directory; the
# build and the running bot need none of them. Run it again to take another version:
#   scripts/vendor-discord-sdk.sh [VERSION]   (default 2.5.0)
# then put the new file name in src/web/assets.rs and assets/web/activity.js (and remove the
# old bundle and licences).
set -eu
version="${1:-2.5.0}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="$repo/assets/web/vendor"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
# tslib: the SDK carries a copy of it (output/lib/tslib) but does not depend on it; it is
# installed here only for its licence text.
npm install --no-audit --no-fund --save-exact "@discord/embedded-app-sdk@$version" esbuild@0.25.12 tslib >/dev/null
printf '%s\n' "export { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';" > entry.js
mkdir -p "$out"
bundle="$out/discord-embedded-app-sdk.$version.js"
npx esbuild entry.js --bundle --format=esm --minify --legal-comments=none \
  --target=es2020 --outfile="$bundle.tmp"
{
  printf '/* @discord/embedded-app-sdk %s (MIT) with its dependencies, bundled by\n' "$version"
  printf '   scripts/vendor-discord-sdk.sh; licences in discord-embedded-app-sdk.%s.LICENSES.txt */\n' "$version"
  cat "$bundle.tmp"
} > "$bundle"
rm "$bundle.tmp"
# The licence of every package in the bundle. esbuild's metafile names the files bundled:
# the SDK's own, and the copies of its dependencies it ships under output/lib/NAME/.
npx esbuild entry.js --bundle --format=esm --metafile=meta.json --outfile=/dev/null --log-level=error
licences="$out/discord-embedded-app-sdk.$version.LICENSES.txt"
node -e '
const fs = require("fs"), path = require("path");
const meta = JSON.parse(fs.readFileSync("meta.json", "utf8"));
const pkgs = new Set();
for (const f of Object.keys(meta.inputs)) {
  const m = f.match(/^(.*node_modules\/(@[^/]+\/[^/]+|[^/@][^/]*))\//);
  if (m) pkgs.add(m[1]);
  const lib = f.match(/\/output\/lib\/((@[^/]+\/)?[^/]+)\//);
  if (lib) pkgs.add(path.join("node_modules", lib[1]));
}
let out = "Licences of the packages bundled into discord-embedded-app-sdk.'"$version"'.js\n";
for (const dir of [...pkgs].sort()) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  const file = fs.readdirSync(dir).find((n) => /^(licen[cs]e|copying)/i.test(n));
  out += `\n==== ${pkg.name} ${pkg.version} (${pkg.license}) ====\n`;
  out += file ? fs.readFileSync(path.join(dir, file), "utf8") : `(no licence file in the package; package.json says ${pkg.license})\n`;
}
fs.writeFileSync(process.argv[1], out);
' "$licences"
ls -l "$bundle" "$licences"
