#pragma once
// A batch of semantic groups encoded as the project stores them (query_group's values JSON,
// answer, row count and documents JSON, all UTF-8): what a streamed fill-in hands over, so the
// thread reading the knowledge tables encodes and the thread holding the project only inserts.
// A set-based fill-in's result row is encoded straight from SQLite's bytes, without a
// QVariant or QString per value; the bytes are those a SemanticGroup of the row would give.
#include "generation/semanticgroup.h"

#include <QByteArray>
#include <QVector>

namespace assay {

class Statement;

class GroupRows {
public:
    void append(const SemanticGroup &group);
    // The row's columns 0..keys-1 are the values, `answerColumn` the answer (not NULL).
    // False, with nothing appended, when a column holds a blob or text that is not valid
    // UTF-8: such a row goes through a SemanticGroup, whose conversions decide its bytes.
    bool appendRow(const Statement &row, int keys, int answerColumn, int rowCount);
    void reserve(int groups);
    void clear();
    int size() const { return int(m_rowCounts.size()); }
    bool isEmpty() const { return m_rowCounts.isEmpty(); }

    const QByteArray &values(int i) const { return m_values[i]; }
    const QByteArray &answer(int i) const { return m_answers[i]; } // null: no answer
    qint64 rowCount(int i) const { return m_rowCounts[i]; }
    const QByteArray &documents(int i) const { return m_documents[i]; }

private:
    QVector<QByteArray> m_values, m_answers, m_documents;
    QVector<qint64> m_rowCounts;
};

} // namespace assay
