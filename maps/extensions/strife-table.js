/*
 * Strife Table's Tiled extension: every time a map is saved, run the game's map check on it
 * (`strife-table check-map --json --system ID FILE`) and list each problem in Tiled's Issues
 * view. Double-clicking an issue brings the map to the front, makes the problem's layer the
 * current one, selects the tile (and the objects standing on it) and centres the view there.
 *
 * It needs Tiled 1.8 or newer (the Process API, assetSaved, selectedArea, MapView.centerOn).
 * Where a piece is missing it falls back to lines in the Console view instead of failing.
 *
 * How it starts the game: `strife-table.json` beside this file, when present, gives the command
 * (the game writes it into the player's maps folder: {"command": [executable, args...],
 * "workingDirectory": dir}); otherwise `strife-table` on the PATH.
 *
 * Its pieces sit on one global object, `strifeTable` (checkMap, onSaved, goTo, report), so other
 * scripts and the tests can call them; `report` is looked up there each time, so a test may
 * replace it to see what would reach the Issues view.
 *
 * It must not change the map: it only reads the saved file through the game's checker.
 */
(function (global) {
    "use strict";

    var TAG = "Strife Table";
    var HERE = (typeof __filename === "string" && typeof FileInfo !== "undefined")
        ? FileInfo.path(__filename) : "";

    function log(text) {
        tiled.log(TAG + ": " + text);
    }

    // An issue in the Issues view with a click action; the console where that is missing.
    function showIssue(level, text, onClick) {
        var fn = level === "warn" ? tiled.warn : tiled.error;
        if (typeof fn === "function") {
            fn(text, onClick);
        } else {
            log(text);
        }
    }

    function readLaunchNote() {
        if (!HERE || typeof TextFile === "undefined") {
            return null;
        }
        var path = HERE + "/strife-table.json";
        if (typeof File !== "undefined" && !File.exists(path)) {
            return null;
        }
        try {
            var f = new TextFile(path, TextFile.ReadOnly);
            var text = f.readAll();
            f.close();
            var note = JSON.parse(text);
            if (note && note.command && note.command.length > 0) {
                return note;
            }
            log(path + " names no command; trying strife-table on the PATH");
        } catch (e) {
            log("could not read " + path + " (" + e + "); trying strife-table on the PATH");
        }
        return null;
    }

    // Each way to start the game, in order: the launch note, then the PATH.
    function launchers() {
        var out = [];
        var note = readLaunchNote();
        if (note) {
            out.push({ command: note.command, workingDirectory: note.workingDirectory || "" });
        }
        out.push({ command: ["strife-table"], workingDirectory: "" });
        return out;
    }

    // Run check-map on a file: {problems: [...]} or {failed: "why"}.
    function checkMap(fileName, system) {
        var tail = ["check-map", "--json"];
        if (system) {
            tail.push("--system", system);
        }
        tail.push(fileName);
        var tried = [];
        var all = launchers();
        for (var i = 0; i < all.length; i++) {
            var how = all[i];
            var proc = new Process();
            if (how.workingDirectory) {
                proc.workingDirectory = how.workingDirectory;
            }
            var program = how.command[0];
            var args = how.command.slice(1).concat(tail);
            if (!proc.start(program, args)) {
                tried.push(program);
                continue;
            }
            proc.closeWriteChannel();
            if (!proc.waitForFinished(60000)) {
                proc.kill();
                return { failed: program + " check-map took more than a minute; stopped" };
            }
            var out = proc.readStdOut();
            var err = proc.readStdErr();
            var code = proc.exitCode;
            proc.close();
            try {
                var doc = JSON.parse(out);
                return { problems: doc.problems || [] };
            } catch (e) {
                return { failed: program + " check-map ended with code " + code +
                                  " without a report: " + (err || out).trim() };
            }
        }
        return { failed: "could not start " + tried.join(" or ") +
                          ": put strife-table on the PATH, or make the map from the game's New map" };
    }

    function layerPath(layer, prefix) {
        return prefix + layer.name;
    }

    // The layer check-map names ("group/layer" inside groups), searched through groups.
    function findLayer(map, name) {
        if (!name) {
            return null;
        }
        function walk(layers, prefix) {
            for (var i = 0; i < layers.length; i++) {
                var layer = layers[i];
                var full = layerPath(layer, prefix);
                if (full === name) {
                    return layer;
                }
                if (layer.isGroupLayer && layer.layers) {
                    var found = walk(layer.layers, full + "/");
                    if (found) {
                        return found;
                    }
                }
            }
            return null;
        }
        var top = [];
        if (map.layers) {
            top = map.layers;
        } else {
            for (var i = 0; i < map.layerCount; i++) {
                top.push(map.layerAt(i));
            }
        }
        return walk(top, "");
    }

    // Objects of an object layer whose centre lies in tile (x, y).
    function objectsAt(map, layer, x, y) {
        var hits = [];
        if (!layer || !layer.isObjectLayer || typeof map.pixelToTile !== "function") {
            return hits;
        }
        var objects = layer.objects || [];
        for (var i = 0; i < objects.length; i++) {
            var o = objects[i];
            var cx = o.x + o.width / 2;
            // a tile object hangs up from its position; other objects hang down
            var cy = o.tile ? o.y - o.height / 2 : o.y + o.height / 2;
            var t = map.pixelToTile(cx, cy);
            if (Math.floor(t.x) === x && Math.floor(t.y) === y) {
                hits.push(o);
            }
        }
        return hits;
    }

    function openMap(fileName) {
        var open = tiled.openAssets || [];
        for (var i = 0; i < open.length; i++) {
            if (open[i].fileName === fileName) {
                return open[i];
            }
        }
        return tiled.open(fileName);
    }

    // What clicking an issue does: show the place on the map.
    function goTo(fileName, problem) {
        return function () {
            var map = openMap(fileName);
            if (!map || !map.isTileMap) {
                log("could not open " + fileName);
                return;
            }
            tiled.activeAsset = map;
            var layer = findLayer(map, problem.layer);
            if (layer) {
                map.currentLayer = layer;
            }
            if (problem.x === null || problem.y === null) {
                return;
            }
            if (map.selectedArea) {
                map.selectedArea.set(Qt.rect(problem.x, problem.y, 1, 1));
            }
            var objects = objectsAt(map, layer, problem.x, problem.y);
            if (objects.length > 0) {
                map.selectedObjects = objects;
            }
            var view = tiled.mapEditor ? tiled.mapEditor.currentMapView : null;
            if (view && typeof map.tileToScreen === "function") {
                var p = map.tileToScreen(problem.x + 0.5, problem.y + 0.5);
                view.centerOn(p.x, p.y);
            }
        };
    }

    function describe(baseName, problem) {
        var where = baseName;
        if (problem.layer !== null && problem.layer !== undefined) {
            where += ": layer '" + problem.layer + "'";
        }
        if (problem.x !== null && problem.y !== null &&
                problem.x !== undefined && problem.y !== undefined) {
            where += " (" + problem.x + ", " + problem.y + ")";
        }
        return where + ": " + problem.message;
    }

    function onSaved(asset) {
        if (!asset || !asset.isTileMap || !/\.tmx$/i.test(asset.fileName || "")) {
            return;
        }
        var fileName = asset.fileName;
        var baseName = typeof FileInfo !== "undefined" ? FileInfo.fileName(fileName) : fileName;
        var system = asset.property("system") || "";
        var result = checkMap(fileName, system);
        if (result.failed) {
            api.report("warn", TAG + ": the map was not checked: " + result.failed);
            return;
        }
        var problems = result.problems;
        var against = system ? " for " + system : " (generic checks: set the map property 'system')";
        if (problems.length === 0) {
            log(baseName + ": no problems" + against);
            return;
        }
        log(baseName + ": " + problems.length + " problem" + (problems.length === 1 ? "" : "s") +
            against + " (see the Issues view; double-click one to go there)");
        for (var i = 0; i < problems.length; i++) {
            api.report("error", describe(baseName, problems[i]), goTo(fileName, problems[i]));
        }
    }

    var api = { report: showIssue, checkMap: checkMap, onSaved: onSaved, goTo: goTo };
    global.strifeTable = api;

    if (typeof Process === "undefined") {
        log("this Tiled has no Process API (Tiled 1.5 or newer has it): run " +
            "`strife-table check-map --system ID MAP` by hand");
        return;
    }
    if (!tiled.assetSaved || typeof tiled.assetSaved.connect !== "function") {
        log("this Tiled cannot tell when a map is saved: run `strife-table check-map` by hand");
        return;
    }
    tiled.assetSaved.connect(function (asset) {
        try {
            onSaved(asset);
        } catch (e) {
            log("the map check failed: " + e);
        }
    });
    log("maps are checked when saved");
})(this);
