import { defineConfig } from "vite";

// The bundle goes into the Python package, where `taku serve` finds it (tools/build_web.py).
export default defineConfig({
  base: "/",
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "../taku/server/web",
    emptyOutDir: true,
    target: "es2020",
    assetsDir: "assets",
    reportCompressedSize: false,
  },
});
