#include "grounding/aliasindex.h"

#include "grounding/aliasstore.h"

namespace assay {

namespace {

QString columnKey(const QString &table, const QString &column, const QString &foldedValue)
{
    return table.toCaseFolded() + QChar(0x1f) + column.toCaseFolded() + QChar(0x1f) + foldedValue;
}

// `text` with every whole-word, case-insensitive occurrence of `value` replaced by `by`.
QString replacedWords(const QString &text, const QString &value, const QString &by, bool *changed)
{
    QString out;
    qsizetype from = 0;
    for (qsizetype at = text.indexOf(value, 0, Qt::CaseInsensitive); at >= 0; at = text.indexOf(value, at + 1, Qt::CaseInsensitive)) {
        if (at < from)
            continue;
        const qsizetype end = at + value.size();
        const bool startOk = at == 0 || !text.at(at - 1).isLetterOrNumber();
        const bool endOk = end >= text.size() || !text.at(end).isLetterOrNumber();
        if (!startOk || !endOk)
            continue;
        out += text.mid(from, at - from) + by;
        from = end;
        *changed = true;
    }
    return out + text.mid(from);
}

} // namespace

AliasIndex::AliasIndex(const QVector<ValueAlias> &aliases)
{
    for (const ValueAlias &a : aliases) {
        const QString k = key(a.value);
        const QString alias = a.alias.trimmed();
        if (k.isEmpty() || alias.isEmpty())
            continue;
        QStringList &col = m_byColumn[columnKey(a.table, a.column, k)];
        if (!col.contains(alias, Qt::CaseInsensitive))
            col << alias;
        QStringList &any = m_byValue[k];
        if (!any.contains(alias, Qt::CaseInsensitive))
            any << alias;
        m_valueText.insert(k, a.value.trimmed());
    }
}

Result<AliasIndex> AliasIndex::load(Database &db)
{
    auto aliases = AliasStore(db).aliases();
    if (!aliases)
        return Result<AliasIndex>::failure(aliases);
    return AliasIndex(aliases.value());
}

QStringList AliasIndex::formsOf(const QString &table, const QString &column, const QString &value) const
{
    return m_byColumn.value(columnKey(table, column, key(value)));
}

QStringList AliasIndex::formsOf(const QString &value) const { return m_byValue.value(key(value)); }

QStringList AliasIndex::alternatives(const QString &gold) const
{
    constexpr int most = 16;
    QStringList out;
    if (m_byValue.isEmpty() || gold.trimmed().isEmpty())
        return out;
    // Longest values first, so "United States Navy" is replaced before "United States".
    QStringList values = m_byValue.keys();
    std::sort(values.begin(), values.end(), [](const QString &a, const QString &b) { return a.size() != b.size() ? a.size() > b.size() : a < b; });
    for (const QString &k : values) {
        const QString value = m_valueText.value(k);
        for (const QString &alias : m_byValue.value(k)) {
            bool changed = false;
            const QString replaced = replacedWords(gold, value, alias, &changed);
            if (changed && !out.contains(replaced) && replaced != gold)
                out << replaced;
            if (out.size() >= most)
                return out;
        }
    }
    return out;
}

} // namespace assay
