#include "commands/setgroundlinkscommand.h"

#include "grounding/groundlinkstore.h"
#include "project/project.h"

namespace assay {

SetGroundLinksCommand::SetGroundLinksCommand(Project *project, const QString &text, QVector<GroundLink> put, QVector<GroundLink> remove)
    : CheckedCommand(text), m_project(project), m_put(std::move(put)), m_remove(std::move(remove))
{
}

void SetGroundLinksCommand::redo()
{
    GroundLinkStore store(m_project->database());
    if (!m_read) {
        auto before = store.existing(m_put + m_remove);
        if (!check(before))
            return;
        m_before = before.take();
        m_read = true;
    }
    check(store.apply(m_put, m_remove));
}

void SetGroundLinksCommand::undo()
{
    // Links that did not exist before are removed; the others get their old state back.
    QVector<GroundLink> absent;
    for (const GroundLink &l : m_put + m_remove)
        if (std::none_of(m_before.begin(), m_before.end(), [&](const GroundLink &b) { return b.sameKey(l); }))
            absent << l;
    check(GroundLinkStore(m_project->database()).apply(m_before, absent));
}

} // namespace assay
