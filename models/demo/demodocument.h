#pragma once
#include <QString>
#include <QStringList>

namespace assay {

// One generated demo document: an id, a title line and sentences, each sentence naming the
// entity it is about so that "which document states which fact" can be checked exactly.
struct DemoDocument {
    QString id;
    QString title;
    QStringList sentences;

    QString text() const { return title + QStringLiteral("\n\n") + sentences.join(QLatin1Char(' ')) + QLatin1Char('\n'); }
};

// A fact of the demo world: one cell of one row, said about a subject (the row's name).
struct DemoFact {
    QString id;      // "projects/7/budget_keur"
    QString table;
    qint64 key = 0;  // primary key of the row
    QString column;
    QString subject; // how documents name the row: a title, name or city
    QString value;   // the value as documents write it (the SQL answer)
    QStringList documents; // ids of the documents stating it; empty = deliberately omitted
};

} // namespace assay
