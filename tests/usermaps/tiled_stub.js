// Runs maps/extensions/strife-table.js under Node with a stand-in for the parts of Tiled's
// scripting API it uses (tiled, Process, FileInfo, TextFile, File, Qt), saves one map through
// it, then double-clicks the first issue on a stand-in of that map. Prints what Tiled would have
// shown and done, as JSON, for tests/usermaps/test_extension.py.
//
// usage: node tiled_stub.js EXTENSION.js MAP.tmx SYSTEM
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const { spawnSync } = require("child_process");

const [extension, mapFile, system] = process.argv.slice(2);
const seen = { logs: [], errors: [], warnings: [], actions: [] };
const handlers = [];

class Process {
    constructor() { this.workingDirectory = ""; this.result = null; }
    start(program, args) {
        const r = spawnSync(program, args, { cwd: this.workingDirectory || undefined,
                                             encoding: "utf8", env: process.env });
        if (r.error) { return false; }
        this.result = r;
        seen.actions.push({ ran: [program, ...args] });
        return true;
    }
    closeWriteChannel() {}
    waitForFinished() { return true; }
    readStdOut() { return this.result.stdout; }
    readStdErr() { return this.result.stderr; }
    get exitCode() { return this.result.status; }
    kill() {}
    close() {}
}

// a stand-in of the saved map as Tiled would hold it: 32x32 tiles, the broken spawn a tile object
const spawn = { name: "side0_slot0", x: 192, y: 32, width: 32, height: 32, tile: {} };
const other = { name: "side1_slot0", x: 512, y: 96, width: 32, height: 32, tile: {} };
const layers = [{ name: "ground", isGroupLayer: false, isObjectLayer: false },
                { name: "spawns", isGroupLayer: false, isObjectLayer: true, objects: [spawn, other] }];
const openMap = {
    isTileMap: true, fileName: mapFile, layers: layers, layerCount: layers.length,
    set currentLayer(layer) { seen.actions.push({ currentLayer: layer.name }); },
    selectedArea: { set(r) { seen.actions.push({ selectedArea: r }); } },
    set selectedObjects(objs) { seen.actions.push({ selectedObjects: objs.map(o => o.name) }); },
    pixelToTile(x, y) { return { x: x / 32, y: y / 32 }; },
    tileToScreen(x, y) { return { x: x * 32, y: y * 32 }; },
    property(name) { return name === "system" ? system : undefined; },
};

const tiled = {
    log(text) { seen.logs.push(text); },
    error(text, onClick) { seen.errors.push({ text: text, onClick: onClick }); },
    warn(text, onClick) { seen.warnings.push({ text: text, onClick: onClick }); },
    assetSaved: { connect(fn) { handlers.push(fn); } },
    openAssets: [openMap],
    open() { return null; },
    set activeAsset(a) { seen.actions.push({ activeAsset: a.fileName }); },
    mapEditor: { currentMapView: { centerOn(x, y) { seen.actions.push({ centerOn: [x, y] }); } } },
};

const context = vm.createContext({
    tiled: tiled, Process: Process, JSON: JSON, Math: Math,
    __filename: extension,
    FileInfo: { path: p => path.dirname(p), fileName: p => path.basename(p) },
    File: { exists: p => fs.existsSync(p) },
    TextFile: Object.assign(function (p) { this.text = fs.readFileSync(p, "utf8"); },
                            { ReadOnly: 0 }),
    Qt: { rect: (x, y, w, h) => ({ x: x, y: y, width: w, height: h }) },
});
context.TextFile.prototype.readAll = function () { return this.text; };
context.TextFile.prototype.close = function () {};

vm.runInContext(fs.readFileSync(extension, "utf8"), context, { filename: extension });
for (const fn of handlers) {
    fn(openMap);
}
if (seen.errors.length > 0) {
    seen.actions.push({ clicked: seen.errors[0].text });
    seen.errors[0].onClick();
}
process.stdout.write(JSON.stringify({
    logs: seen.logs,
    errors: seen.errors.map(e => e.text),
    clickable: seen.errors.map(e => typeof e.onClick === "function"),
    warnings: seen.warnings.map(w => w.text),
    actions: seen.actions,
    connected: handlers.length,
}));
