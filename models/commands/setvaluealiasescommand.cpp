#include "commands/setvaluealiasescommand.h"

#include "grounding/aliasstore.h"
#include "project/project.h"

namespace assay {

SetValueAliasesCommand::SetValueAliasesCommand(Project *project, const QString &text, QVector<ValueAlias> put, QVector<ValueAlias> remove)
    : CheckedCommand(text), m_project(project), m_put(std::move(put)), m_remove(std::move(remove))
{
}

void SetValueAliasesCommand::redo()
{
    AliasStore store(m_project->database());
    if (!m_read) {
        auto before = store.existing(m_put + m_remove);
        if (!check(before))
            return;
        m_before = before.take();
        m_read = true;
    }
    check(store.apply(m_put, m_remove));
}

void SetValueAliasesCommand::undo()
{
    QVector<ValueAlias> absent;
    for (const ValueAlias &a : m_put + m_remove)
        if (std::none_of(m_before.begin(), m_before.end(), [&](const ValueAlias &b) { return b.sameKey(a); }))
            absent << a;
    check(AliasStore(m_project->database()).apply(m_before, absent));
}

} // namespace assay
