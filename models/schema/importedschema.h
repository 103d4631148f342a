#pragma once
// A schema with rows as read from a source (SQLite file, SQL script, CSV folder), before
// KnowledgeImporter validates it and writes it into a project.
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QVector>

namespace assay {

struct ImportedColumn {
    QString name;
    QString type = QStringLiteral("TEXT");
    bool primaryKey = false;
    QString foreignTable;  // empty when the column is no foreign key
    QString foreignColumn; // empty: the referenced table's primary key
    QString description;
    bool typeInferred = false;
};

struct ImportedTable {
    QString name;
    QString origin; // file (and line) the table came from, for messages
    QString description;
    QVector<ImportedColumn> columns;
    QVector<QVariantList> rows; // values in column order
};

struct ImportedSchema {
    QString origin;
    QVector<ImportedTable> tables;
    // How the source was read, for the user: a dump of another database translated, and what
    // of it was left out (SqlDialectTranslator).
    QStringList notes;
};

} // namespace assay
