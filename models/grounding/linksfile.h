#pragma once
// A links file: which document states which fact, written by the user (docs/user-guide.md,
// "Ground truth"). Formats:
//  - CSV with a header: doc_id, and either group (g31 or 31) or table and key (a knowledge
//    row by its primary key); optional column and value narrow a row to one fact.
//    A spot-check file (written by `corpus link --sample-tier`) has a verdict column as well:
//    right (or 1), wrong (or 2), skip (or 0, or empty): its lines check links already proposed.
//  - JSON: a list of such objects, or {"links": [...]}, or the demo's facts.json
//    ({"facts": [{"table", "key", "column", "value", "documents": [...]}]}).
// A group link names its group directly. A row link (table, key) is read as: the document
// states the facts of that row, so it becomes a true document of every group whose answer is
// a value of the row (the fact's value, when given) and one of whose fill-in values is another
// value of the row.
#include "core/result.h"
#include "grounding/groundlink.h"

#include <QStringList>
#include <QVector>

namespace assay {

class Database;

class LinksFile {
public:
    enum class Format { Auto, Csv, Json };
    struct Entry {
        QString where; // "links.csv:12" or "facts.json: facts[3]"
        QString docId;
        qint64 group = 0;
        QString table;
        QString key;
        QString column;
        QString value;
        QString verdict; // a spot-check file's: "right", "wrong" or "skip"; else empty
    };
    struct Resolved {
        QVector<GroundLink> links;
        int entries = 0;
        QStringList unmatched; // entries that name no group now: "where: why"
        int skipped = 0;       // spot-check lines left unchecked
    };

    static Result<QVector<Entry>> read(const QString &path, Format format = Format::Auto);
    static Result<QVector<Entry>> parseJson(const QByteArray &bytes, const QString &origin);
    static Result<QVector<Entry>> parseCsv(const QByteArray &bytes, const QString &origin);
    // The entries as links (accepted, source file), against the project's groups and knowledge.
    // An entry with a verdict checks the link it names: that link as it is stored (source,
    // confidence, evidence kept), accepted when right, rejected when wrong.
    static Result<Resolved> resolve(Database &db, const QString &projectPath, const QVector<Entry> &entries);
    static Result<Format> formatNamed(const QString &name);
};

} // namespace assay
