// Imported first by server/serve.ts, so it runs before any other module of the server loads.
// The compiled server (server/build-server.ts) runs without a TypeScript loader, so this only
// matters where serve.ts runs under tsx, which turns Node's source maps on for its own output. Left on, Node also reads and keeps the map
// of every compiled module loaded after it (Next's chunks, zod, the SDKs, sourcesContent
// included): about 40 MB of strings the heap carries and the garbage collector marks again and
// again. `next start` runs without them; so does this server, unless NODE_OPTIONS (or Node's own
// flags) ask for --enable-source-maps.
if (!/--enable-source-maps/.test(`${process.env.NODE_OPTIONS ?? ""} ${process.execArgv.join(" ")}`)) process.setSourceMapsEnabled(false);

export {};
