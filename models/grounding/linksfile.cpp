#include "grounding/linksfile.h"

#include "generation/semanticgroup.h"
#include "grounding/groundlinkstore.h"
#include "grounding/linktiers.h"
#include "io/csvdocument.h"
#include "io/filereader.h"
#include "io/jsontext.h"
#include "schema/knowledgebase.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

// "g31", "31" → 31; 0 when it is not a group.
qint64 groupNumber(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\s*[gG]?(\\d+)\\s*$"));
    const auto m = pattern.match(text);
    return m.hasMatch() ? m.captured(1).toLongLong() : 0;
}

// Whether an entry names its fact completely; the message names the missing field.
QString problemOf(const LinksFile::Entry &e, bool groupGiven)
{
    if (e.docId.trimmed().isEmpty())
        return QStringLiteral("no doc_id");
    if (groupGiven && e.group <= 0)
        return QStringLiteral("group is not a group number (g31 or 31)");
    if (!groupGiven && (e.table.isEmpty() || e.key.isEmpty()))
        return QStringLiteral("neither group nor table and key");
    return {};
}

QString foldedValue(const QString &s) { return s.trimmed().toCaseFolded(); }
bool meaningfulValue(const QString &f) { return f.size() > 2 || (f.size() == 2 && !f.at(0).isDigit()); }

} // namespace

Result<LinksFile::Format> LinksFile::formatNamed(const QString &name)
{
    if (name.isEmpty() || name == QLatin1String("auto"))
        return Format::Auto;
    if (name == QLatin1String("csv"))
        return Format::Csv;
    if (name == QLatin1String("json"))
        return Format::Json;
    return Result<Format>::failure(QStringLiteral("--format: \"%1\" is not csv or json").arg(name));
}

Result<QVector<LinksFile::Entry>> LinksFile::read(const QString &path, Format format)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Result<QVector<Entry>>::failure(bytes);
    if (format == Format::Auto) {
        const QString suffix = QFileInfo(path).suffix().toLower();
        format = suffix == QLatin1String("csv") ? Format::Csv
                 : suffix == QLatin1String("json") ? Format::Json
                 : bytes.value().trimmed().startsWith('[') || bytes.value().trimmed().startsWith('{') ? Format::Json
                                                                                                     : Format::Csv;
    }
    const QString origin = QFileInfo(path).fileName();
    return format == Format::Csv ? parseCsv(bytes.value(), origin) : parseJson(bytes.value(), origin);
}

Result<QVector<LinksFile::Entry>> LinksFile::parseCsv(const QByteArray &bytes, const QString &origin)
{
    using R = Result<QVector<Entry>>;
    auto csv = CsvDocument::parse(bytes, origin);
    if (!csv)
        return R::failure(csv);
    QHash<QString, int> col;
    for (int i = 0; i < csv.value().header().size(); ++i)
        col.insert(csv.value().header()[i].trimmed().toLower(), i);
    if (!col.contains(QStringLiteral("doc_id")))
        return R::failure(QStringLiteral("%1:1: the header has no doc_id column (doc_id, and group or table and key)").arg(origin));
    const bool byGroup = col.contains(QStringLiteral("group"));
    if (!byGroup && !(col.contains(QStringLiteral("table")) && col.contains(QStringLiteral("key"))))
        return R::failure(QStringLiteral("%1:1: the header needs a group column, or table and key columns").arg(origin));
    QVector<Entry> out;
    for (const CsvDocument::Record &r : csv.value().records()) {
        const auto field = [&](const char *name) {
            const int i = col.value(QLatin1String(name), -1);
            return i >= 0 && i < r.fields.size() ? r.fields[i].trimmed() : QString();
        };
        Entry e;
        e.where = QStringLiteral("%1:%2").arg(origin).arg(r.line);
        e.docId = field("doc_id");
        if (byGroup)
            e.group = groupNumber(field("group"));
        e.table = field("table");
        e.key = field("key");
        e.column = field("column");
        e.value = field("value");
        if (col.contains(QStringLiteral("verdict"))) {
            const QString v = field("verdict").toLower();
            e.verdict = v == QLatin1String("right") || v == QLatin1String("1")                       ? QStringLiteral("right")
                        : v == QLatin1String("wrong") || v == QLatin1String("2")                     ? QStringLiteral("wrong")
                        : v.isEmpty() || v == QLatin1String("skip") || v == QLatin1String("0") ? QStringLiteral("skip")
                                                                                                   : QString();
            if (e.verdict.isEmpty())
                return R::failure(QStringLiteral("%1: verdict: \"%2\" is not right, wrong or skip (1, 2 or 0)").arg(e.where, field("verdict")));
        }
        if (const QString p = problemOf(e, byGroup); !p.isEmpty())
            return R::failure(QStringLiteral("%1: %2").arg(e.where, p));
        out << e;
    }
    return out;
}

Result<QVector<LinksFile::Entry>> LinksFile::parseJson(const QByteArray &bytes, const QString &origin)
{
    using R = Result<QVector<Entry>>;
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const nlohmann::json::parse_error &e) {
        return R::failure(QStringLiteral("%1: not JSON (byte %2): %3").arg(origin).arg(e.byte).arg(QString::fromUtf8(e.what())));
    }
    QVector<Entry> out;
    if (doc.is_object() && doc.contains("facts")) { // the demo's facts.json: one entry per document of a fact
        if (!doc["facts"].is_array())
            return R::failure(QStringLiteral("%1: facts is not a list").arg(origin));
        for (size_t i = 0; i < doc["facts"].size(); ++i) {
            const auto &f = doc["facts"][i];
            const QString where = QStringLiteral("%1: facts[%2]").arg(origin).arg(i);
            if (!f.is_object() || !f.contains("table") || !f.contains("key"))
                return R::failure(QStringLiteral("%1: a fact needs table and key").arg(where));
            if (f.contains("documents") && !f["documents"].is_array())
                return R::failure(QStringLiteral("%1: documents is not a list").arg(where));
            for (const auto &d : f.value("documents", nlohmann::json::array()))
                out << Entry{where, jsonText(d), 0, jsonText(f["table"]), jsonText(f["key"]), jsonText(f.value("column", nlohmann::json())),
                             jsonText(f.value("value", nlohmann::json())), QString()};
        }
        return out;
    }
    const nlohmann::json &list = doc.is_object() && doc.contains("links") ? doc["links"] : doc;
    if (!list.is_array())
        return R::failure(QStringLiteral("%1: expected a list of links, {\"links\": [...]} or facts.json's {\"facts\": [...]}").arg(origin));
    for (size_t i = 0; i < list.size(); ++i) {
        const auto &o = list[i];
        const QString where = QStringLiteral("%1: [%2]").arg(origin).arg(i);
        if (!o.is_object())
            return R::failure(QStringLiteral("%1: not an object").arg(where));
        Entry e;
        e.where = where;
        e.docId = jsonText(o.value("doc_id", nlohmann::json()));
        const bool byGroup = o.contains("group");
        if (byGroup)
            e.group = groupNumber(jsonText(o["group"]));
        e.table = jsonText(o.value("table", nlohmann::json()));
        e.key = jsonText(o.value("key", nlohmann::json()));
        e.column = jsonText(o.value("column", nlohmann::json()));
        e.value = jsonText(o.value("value", nlohmann::json()));
        if (const QString p = problemOf(e, byGroup); !p.isEmpty())
            return R::failure(QStringLiteral("%1: %2").arg(where, p));
        out << e;
    }
    return out;
}

Result<LinksFile::Resolved> LinksFile::resolve(Database &db, const QString &projectPath, const QVector<Entry> &entries)
{
    using R = Result<Resolved>;
    auto groups = GroundLinkStore(db).groups();
    if (!groups)
        return R::failure(groups);
    QHash<qint64, int> byId;
    QHash<QString, QVector<int>> byAnswer; // folded answer → groups
    QVector<QSet<QString>> valuesOf(groups.value().size());
    for (int i = 0; i < groups.value().size(); ++i) {
        const auto &g = groups.value()[i];
        byId.insert(g.id, i);
        byAnswer[foldedValue(g.answer)] << i;
        for (const QString &v : SemanticGroup{SemanticGroup::valuesFromJson(g.values), {}, 0, {}}.valueTexts())
            valuesOf[i].insert(foldedValue(v));
    }
    KnowledgeBase knowledge(db, projectPath);
    QHash<QString, QVector<QString>> rowCells; // "table\x1fkey" → folded cells
    QHash<QString, bool> tableRead;
    Resolved out;
    out.entries = int(entries.size());
    QSet<QString> seen;
    const auto add = [&](const Entry &e, int groupIndex) {
        const auto &g = groups.value()[groupIndex];
        const QString key = QStringLiteral("%1\x1f%2\x1f%3").arg(g.sqlTemplateId).arg(g.values, e.docId);
        if (seen.contains(key))
            return;
        seen.insert(key);
        GroundLink l;
        l.sqlTemplateId = g.sqlTemplateId;
        l.values = g.values;
        l.docId = e.docId;
        l.source = GroundLink::Source::File;
        l.confidence = 1;
        l.state = GroundLink::State::Accepted;
        l.evidence = e.where;
        l.groupId = g.id;
        l.answer = g.answer;
        if (!e.verdict.isEmpty())
            l = LinkTiers::checked(l, e.verdict == QLatin1String("right") ? GroundLink::Check::Right : GroundLink::Check::Wrong);
        out.links << l;
    };
    for (const Entry &e : entries) {
        if (e.verdict == QLatin1String("skip")) {
            ++out.skipped;
            continue;
        }
        if (e.group > 0) {
            if (!byId.contains(e.group)) {
                out.unmatched << QStringLiteral("%1: no semantic group g%2 (of an accepted SQL template)").arg(e.where).arg(e.group);
                continue;
            }
            add(e, byId.value(e.group));
            continue;
        }
        const KnowledgeTable *table = knowledge.tableNamed(e.table);
        if (!table)
            return R::failure(QStringLiteral("%1: table: no knowledge table \"%2\"").arg(e.where, e.table));
        if (!tableRead.value(table->name)) {
            tableRead.insert(table->name, true);
            auto rows = knowledge.rows(table->id);
            if (!rows)
                return R::failure(QStringLiteral("%1: %2").arg(e.where, rows.error()));
            qint64 keyColumn = 0;
            for (const KnowledgeColumn &c : table->columns)
                if (c.primaryKey && !keyColumn)
                    keyColumn = c.id;
            if (!keyColumn && !table->columns.isEmpty())
                keyColumn = table->columns.first().id;
            for (const KnowledgeRow &row : rows.value()) {
                QVector<QString> cells;
                for (const KnowledgeColumn &c : table->columns)
                    cells << foldedValue(row.value(c.id).toString());
                rowCells.insert(table->name + QChar(0x1f) + row.value(keyColumn).toString().trimmed(), cells);
            }
        }
        const auto cells = rowCells.find(table->name + QChar(0x1f) + e.key.trimmed());
        if (cells == rowCells.end())
            return R::failure(QStringLiteral("%1: key: table %2 has no row with key %3").arg(e.where, table->name, e.key));
        QVector<int> candidates;
        if (!e.value.isEmpty())
            candidates = byAnswer.value(foldedValue(e.value));
        else
            for (const QString &cell : *cells)
                if (meaningfulValue(cell))
                    candidates += byAnswer.value(cell);
        int matched = 0;
        for (int i : std::as_const(candidates)) {
            const QString answer = foldedValue(groups.value()[i].answer);
            const bool fromRow = std::any_of(cells->begin(), cells->end(), [&](const QString &cell) { return cell != answer && meaningfulValue(cell) && valuesOf[i].contains(cell); });
            if (fromRow) {
                add(e, i);
                ++matched;
            }
        }
        if (matched == 0)
            out.unmatched << QStringLiteral("%1: no group asks for a value of %2 row %3 by another of its values").arg(e.where, table->name, e.key);
    }
    // Checked links keep what the linker stored with them.
    QVector<GroundLink> checkedLinks;
    for (const GroundLink &l : std::as_const(out.links))
        if (l.check != GroundLink::Check::None)
            checkedLinks << l;
    if (!checkedLinks.isEmpty()) {
        auto stored = GroundLinkStore(db).existing(checkedLinks);
        if (!stored)
            return R::failure(stored);
        QHash<QString, const GroundLink *> storedByKey;
        const auto keyOf = [](const GroundLink &l) { return QStringLiteral("%1\x1f%2\x1f%3").arg(l.sqlTemplateId).arg(l.values, l.docId); };
        for (const GroundLink &s : stored.value())
            storedByKey.insert(keyOf(s), &s);
        for (GroundLink &l : out.links)
            if (const GroundLink *s = storedByKey.value(keyOf(l)); s && l.check != GroundLink::Check::None) {
                l.source = s->source;
                l.confidence = s->confidence;
                l.evidence = s->evidence;
                l.estimate = s->estimate;
            }
    }
    return out;
}

} // namespace assay
