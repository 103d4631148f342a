#include "schema/csvschemareader.h"

#include "io/csvdocument.h"
#include "io/filereader.h"
#include "schema/knowledgevalue.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

QString singular(const QString &name)
{
    if (name.endsWith(QLatin1String("ies")))
        return name.chopped(3) + QLatin1Char('y');
    if (name.endsWith(QLatin1Char('s')))
        return name.chopped(1);
    return name;
}

Status applySchemaFile(const QString &path, ImportedSchema &schema)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Status::failure(bytes.error());
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(bytes.value().toStdString());
    } catch (const nlohmann::json::parse_error &e) {
        return Status::failure(QStringLiteral("%1: not valid JSON (byte %2): %3").arg(path).arg(e.byte).arg(QString::fromUtf8(e.what())));
    } catch (const nlohmann::json::exception &e) { // e.g. a number too large for any type (found by fuzzing)
        return Status::failure(QStringLiteral("%1: not valid JSON: %2").arg(path, QString::fromUtf8(e.what())));
    }
    if (!j.is_object() || !j.contains("tables") || !j["tables"].is_object())
        return Status::failure(QStringLiteral("%1: expected {\"tables\": {\"TABLE\": {...}}}").arg(path));
    for (auto it = j["tables"].begin(); it != j["tables"].end(); ++it) {
        const QString tableName = QString::fromStdString(it.key());
        ImportedTable *table = nullptr;
        for (ImportedTable &t : schema.tables)
            if (t.name.compare(tableName, Qt::CaseInsensitive) == 0)
                table = &t;
        if (!table)
            return Status::failure(QStringLiteral("%1: tables.%2: there is no %2.csv").arg(path, tableName));
        const auto &spec = it.value();
        auto columnNamed = [&](const QString &name) -> ImportedColumn * {
            for (ImportedColumn &c : table->columns)
                if (c.name.compare(name, Qt::CaseInsensitive) == 0)
                    return &c;
            return nullptr;
        };
        if (spec.contains("description"))
            table->description = QString::fromStdString(spec["description"].get<std::string>());
        if (spec.contains("primary_key")) {
            for (ImportedColumn &c : table->columns)
                c.primaryKey = false;
            const auto pk = spec["primary_key"];
            for (const auto &name : pk.is_array() ? pk : nlohmann::json::array({pk})) {
                ImportedColumn *c = columnNamed(QString::fromStdString(name.get<std::string>()));
                if (!c)
                    return Status::failure(QStringLiteral("%1: tables.%2.primary_key: no column %3")
                                               .arg(path, tableName, QString::fromStdString(name.get<std::string>())));
                c->primaryKey = true;
            }
        }
        for (const char *key : {"foreign_keys", "types", "columns"}) {
            if (!spec.contains(key))
                continue;
            for (auto f = spec[key].begin(); f != spec[key].end(); ++f) {
                ImportedColumn *c = columnNamed(QString::fromStdString(f.key()));
                if (!c)
                    return Status::failure(QStringLiteral("%1: tables.%2.%3: no column %4")
                                               .arg(path, tableName, QLatin1String(key), QString::fromStdString(f.key())));
                const QString value = QString::fromStdString(f.value().get<std::string>());
                if (qstrcmp(key, "types") == 0) {
                    c->type = value;
                    c->typeInferred = false;
                } else if (qstrcmp(key, "columns") == 0) {
                    c->description = value;
                } else {
                    const QStringList parts = value.split(QLatin1Char('.'));
                    c->foreignTable = parts.value(0);
                    c->foreignColumn = parts.value(1);
                }
            }
        }
    }
    return {};
}

void inferKeys(ImportedSchema &schema)
{
    static const QRegularExpression idName(QStringLiteral("^(.*)_id$"), QRegularExpression::CaseInsensitiveOption);
    for (ImportedTable &t : schema.tables) {
        bool hasPk = false;
        for (const ImportedColumn &c : t.columns)
            hasPk = hasPk || c.primaryKey;
        if (hasPk)
            continue;
        for (int i = 0; i < t.columns.size(); ++i) {
            ImportedColumn &c = t.columns[i];
            const bool named = c.name.compare(QLatin1String("id"), Qt::CaseInsensitive) == 0 ||
                               c.name.compare(singular(t.name) + QStringLiteral("_id"), Qt::CaseInsensitive) == 0;
            if (!named)
                continue;
            QSet<QString> seen;
            bool unique = true;
            for (const QVariantList &r : std::as_const(t.rows)) {
                const QString v = r.value(i).toString();
                unique = unique && !v.isEmpty() && !seen.contains(v);
                seen.insert(v);
            }
            if (unique) {
                c.primaryKey = true;
                break;
            }
        }
    }
    for (ImportedTable &t : schema.tables) {
        for (ImportedColumn &c : t.columns) {
            if (c.primaryKey || !c.foreignTable.isEmpty())
                continue;
            const auto m = idName.match(c.name);
            if (!m.hasMatch())
                continue;
            const QString stem = m.captured(1);
            for (const ImportedTable &target : std::as_const(schema.tables)) {
                if (&target == &t)
                    continue;
                const bool tableMatches = singular(target.name).compare(stem, Qt::CaseInsensitive) == 0 ||
                                          target.name.compare(stem, Qt::CaseInsensitive) == 0;
                for (const ImportedColumn &pk : target.columns) {
                    if (pk.primaryKey && (pk.name.compare(c.name, Qt::CaseInsensitive) == 0 ||
                                          (tableMatches && pk.name.compare(QLatin1String("id"), Qt::CaseInsensitive) == 0))) {
                        c.foreignTable = target.name;
                        c.foreignColumn = pk.name;
                    }
                }
            }
        }
    }
}

} // namespace

QString CsvSchemaReader::inferType(const QStringList &values)
{
    static const QRegularExpression integer(QStringLiteral("^[-+]?\\d+$"));
    static const QRegularExpression date(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    bool allInt = true, allNum = true, allDate = true, any = false;
    for (const QString &raw : values) {
        const QString v = raw.trimmed();
        if (v.isEmpty())
            continue;
        any = true;
        bool ok = false;
        v.toDouble(&ok);
        allNum = allNum && ok;
        allInt = allInt && integer.match(v).hasMatch();
        allDate = allDate && date.match(v).hasMatch() && QDate::fromString(v, Qt::ISODate).isValid();
    }
    if (!any)
        return QStringLiteral("TEXT");
    if (allInt)
        return QStringLiteral("INTEGER");
    if (allNum)
        return QStringLiteral("REAL");
    if (allDate)
        return QStringLiteral("DATE");
    return QStringLiteral("TEXT");
}

Result<ImportedSchema> CsvSchemaReader::readFolder(const QString &dirPath)
{
    using R = Result<ImportedSchema>;
    const QDir dir(dirPath);
    if (!dir.exists())
        return R::failure(QStringLiteral("%1: no such folder").arg(dirPath));
    const QStringList files = dir.entryList({QStringLiteral("*.csv"), QStringLiteral("*.CSV")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return R::failure(QStringLiteral("%1: no .csv files in the folder").arg(dirPath));
    ImportedSchema schema;
    schema.origin = dirPath;
    QSet<QString> names;
    for (const QString &file : files) {
        const QString path = dir.filePath(file);
        const QString name = QFileInfo(file).completeBaseName();
        if (names.contains(name.toLower()))
            return R::failure(QStringLiteral("%1: duplicate table name '%2' (table names ignore case)").arg(path, name));
        names.insert(name.toLower());
        auto doc = CsvDocument::readFile(path);
        if (!doc)
            return R::failure(doc.error());
        ImportedTable t;
        t.name = name;
        t.origin = path;
        for (int c = 0; c < doc.value().header().size(); ++c) {
            QStringList values;
            for (const auto &r : doc.value().records())
                values << r.fields[c];
            ImportedColumn col;
            col.name = doc.value().header()[c];
            col.type = inferType(values);
            col.typeInferred = true;
            t.columns.append(col);
        }
        for (const auto &r : doc.value().records()) {
            QVariantList row;
            for (int c = 0; c < r.fields.size(); ++c)
                row << r.fields[c]; // converted to the column type after schema.json is applied
            t.rows.append(row);
        }
        schema.tables.append(t);
    }
    const QString schemaFile = dir.filePath(QStringLiteral("schema.json"));
    if (QFile::exists(schemaFile))
        if (auto s = applySchemaFile(schemaFile, schema); !s)
            return R::failure(s.error());
    for (ImportedTable &t : schema.tables)
        for (QVariantList &row : t.rows)
            for (int c = 0; c < row.size(); ++c)
                row[c] = KnowledgeValue::fromText(t.columns[c].type, row[c].toString());
    inferKeys(schema);
    return schema;
}

} // namespace assay
