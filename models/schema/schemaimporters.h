#pragma once
// Every way to bring a knowledge schema in, listed once: File → Import Knowledge Schema builds
// its menu from this list and `assay-cli schema import` its options, so an importer added here
// appears in both (docs/ARCHITECTURE.md, "A knowledge source"). A file or folder
// importer reads in place (read); a server importer names its dialect, and the GUI's server
// dialog and the CLI's catalog reader do the reading.
#include "core/result.h"
#include "schema/importedschema.h"
#include "schema/serverlocation.h"
#include "schema/sqldialecttranslator.h"

#include <QVector>

#include <functional>

namespace assay {

class SchemaImporters {
public:
    enum class Pick { File, Folder, Server };
    struct Importer {
        QString id;         // the CLI's option (--sqlite, --csv, …)
        QString label;      // the menu's words with their mnemonic ("&SQLite Database")
        QString toolTip;    // the menu item's tooltip, empty for none
        QString cliHelp;    // the CLI option's description
        QString cliValue;   // the CLI option's value name (DB, DIR, FILE, URI)
        Pick pick = Pick::File;
        QString fileFilter; // Pick::File: the open dialog's filter
        bool linkable = false; // can be linked read-only instead of copied
        QString linkLabel;     // a file importer's own menu item for linking, with its mnemonic
        ServerLocation::Dialect dialect = ServerLocation::Dialect::Postgres; // Pick::Server
        // Pick::File and Pick::Folder: reads the schema (withRows false: the structure only, for
        // a link); scriptDialect: an SQL script's dialect (Auto: told by its marks).
        std::function<Result<ImportedSchema>(const QString &path, bool withRows, SqlDialectTranslator::Dialect scriptDialect)> read;
    };
    static const QVector<Importer> &all();
    static const Importer *find(const QString &id);
};

} // namespace assay
