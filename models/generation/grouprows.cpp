#include "generation/grouprows.h"

#include "generation/jsonbytes.h"
#include "project/statement.h"
#include "schema/knowledgevalue.h"

#include <QUtf8StringView>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

const QByteArray &noDocuments()
{
    static const QByteArray empty = QByteArrayLiteral("[]");
    return empty;
}

// Columns the direct encoding takes: what a SemanticGroup would give for them is their own
// bytes. Not a blob, and text only when valid UTF-8 without a leading byte-order mark (the
// conversion to QString drops that).
bool plain(const Statement &row, int column)
{
    const Statement::Type type = row.type(column);
    if (type != Statement::Type::Text)
        return type != Statement::Type::Blob;
    const QByteArrayView text = row.utf8(column);
    return !text.startsWith("\xef\xbb\xbf") && QUtf8StringView(text).isValidUtf8();
}

} // namespace

void GroupRows::append(const SemanticGroup &g)
{
    m_values << g.valuesJsonUtf8();
    m_answers << (g.answer.isNull() ? QByteArray() : g.answer.toUtf8());
    m_rowCounts << g.rowCount;
    if (g.documentIds.isEmpty()) {
        m_documents << noDocuments();
        return;
    }
    nlohmann::json list = nlohmann::json::array();
    for (const QString &d : g.documentIds)
        list.push_back(d.toStdString());
    m_documents << QByteArray::fromStdString(list.dump());
}

bool GroupRows::appendRow(const Statement &row, int keys, int answerColumn, int rowCount)
{
    for (int i = 0; i < keys; ++i)
        if (!plain(row, i))
            return false;
    if (!plain(row, answerColumn))
        return false;
    QByteArray values;
    values.reserve(16 * keys + 2);
    values += '[';
    for (int i = 0; i < keys; ++i) {
        if (i > 0)
            values += ',';
        switch (row.type(i)) {
        case Statement::Type::Null: values += "null"; break;
        case Statement::Type::Integer: JsonBytes::appendInteger(values, row.integer(i)); break;
        case Statement::Type::Real: JsonBytes::appendReal(values, row.real(i)); break;
        default: JsonBytes::appendString(values, row.utf8(i));
        }
    }
    values += ']';
    QByteArray answer;
    switch (row.type(answerColumn)) {
    case Statement::Type::Integer: answer = QByteArray::number(row.integer(answerColumn)); break;
    case Statement::Type::Real: answer = KnowledgeValue::displayText(row.real(answerColumn)).toUtf8(); break;
    case Statement::Type::Null: break;
    default: {
        const QByteArrayView text = row.utf8(answerColumn);
        answer = text.isEmpty() ? QByteArray("", 0) : text.toByteArray();
    }
    }
    m_values << values;
    m_answers << answer;
    m_rowCounts << rowCount;
    m_documents << noDocuments();
    return true;
}

void GroupRows::reserve(int groups)
{
    m_values.reserve(groups);
    m_answers.reserve(groups);
    m_documents.reserve(groups);
    m_rowCounts.reserve(groups);
}

void GroupRows::clear()
{
    m_values.clear();
    m_answers.clear();
    m_documents.clear();
    m_rowCounts.clear();
}

} // namespace assay
