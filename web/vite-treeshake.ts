/**
 * Tree-shaking hints shared by the app's and the standalone build. d3-scale-chromatic ships one
 * bundled file whose every scheme is a top-level call (`var Blues = ramp$1(scheme)`); the page
 * uses two of them (interpolateViridis, schemeSet2), but the bundler keeps every call it cannot
 * prove pure, and with them d3-color and d3-interpolate: 12 KiB gzip on the first load instead of
 * 4. These functions only build colour tables and interpolators: calling them has no effect.
 */
export const treeshake = {
  manualPureFunctions: [
    "colors",
    "ramp",
    "ramp$1",
    "interpolateRgbBasis",
    "interpolateCubehelixLong",
    "cubehelix$1",
    "rgb",
  ],
};
