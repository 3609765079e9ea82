// esbuild plugin: conf without the packages it imports for options hire does not use. conf keeps
// the config file (an atomic write, mode 0600, its own checks); at the top of its source it also
// imports ajv and ajv-formats (for `schema`), semver (for `migrations`), env-paths (when no `cwd`
// is given) and debounce-fn (for `watch`): about 60 KB that no hire command runs. Those imports get
// a stand-in that throws if it is ever called, naming the option. What conf does call with hire's
// options stays: atomically (the atomic write), dot-prop (its internal key), uint8array-extras.
// The build fails if conf imports anything not named here, so that an upgrade is looked at again.
import { readFileSync } from 'node:fs';

/** conf's imports that hire's options reach, bundled as they are. */
export const CONF_NEEDS = ['dot-prop', 'atomically', 'uint8array-extras'];

/** conf's imports for options hire does not pass, and the option each serves. */
export const CONF_EXTRAS = {
  'ajv/dist/2020.js': 'schema',
  'ajv-formats': 'schema',
  semver: 'migrations',
  'env-paths': 'projectName (hire passes cwd)',
  'debounce-fn': 'watch',
};

const CONF_SOURCE = /[\\/]node_modules[\\/]conf[\\/]dist[\\/]source[\\/]/;

export const confExtras = {
  name: 'conf-extras',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]conf[\\/]dist[\\/]source[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const imported = [...source.matchAll(/^import[^'"]*from '([^']+)';/gm)].map((match) => match[1]);
      const unknown = imported.filter(
        (name) =>
          !name.startsWith('node:') && !name.startsWith('.') && !CONF_NEEDS.includes(name) && !(name in CONF_EXTRAS),
      );
      if (unknown.length > 0)
        throw new Error(`conf-extras: conf now imports ${unknown.join(', ')}; look again at what it needs`);
      return undefined;
    });
    build.onResolve({ filter: /.*/ }, (args) => {
      if (!(args.path in CONF_EXTRAS) || !CONF_SOURCE.test(args.importer)) return undefined;
      return { path: args.path, namespace: 'conf-extras' };
    });
    build.onLoad({ filter: /.*/, namespace: 'conf-extras' }, (args) => ({
      contents: standIn(args.path, CONF_EXTRAS[args.path]),
      loader: 'js',
    }));
  },
};

/** A module whose every export throws when used, naming the conf option it would serve. */
function standIn(name, option) {
  const message = JSON.stringify(`${name} was left out of the build: conf needs it only for its ${option} option`);
  return `const unused = () => { throw new Error(${message}); };
export class Ajv2020 { constructor() { unused(); } }
export default new Proxy(unused, { get: () => unused });
`;
}
