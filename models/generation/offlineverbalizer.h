#pragma once
// Writes text templates for a SQL template without an LLM, from its structure (what it
// projects, what its placeholders condition on) and the columns' descriptions. Each form has
// several distinct phrasings, so balanced sets of N ≥ 3 text templates exist offline:
// `short` is fragmented (no articles), `long` is full sentences of at least 30 words.
#include <QStringList>

namespace assay {

class KnowledgeBase;
class SqlTemplate;

class OfflineVerbalizer {
public:
    explicit OfflineVerbalizer(const KnowledgeBase &knowledge);
    // Up to `count` text templates of the form ("short" or "long"); empty for other forms.
    QStringList verbalize(const SqlTemplate &sqlTemplate, const QString &form, int count) const;
    static int available(const QString &form);

    // Helpers, public for tests: "Graduation_College" → "graduation college".
    static QString humanize(const QString &name);
    static QString singular(const QString &tableName);

private:
    struct Parts;
    Parts analyse(const SqlTemplate &t) const;
    const KnowledgeBase &m_knowledge;
};

} // namespace assay
