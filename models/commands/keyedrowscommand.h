#pragma once
// Rows identified by a key (Row::sameKey) written or removed as one undoable edit, for a store
// with existing(rows) — what those keys hold now — and apply(put, remove). The command keeps
// the rows as they were before its first redo (absent ones included), so undo puts back
// exactly those: ground-truth links (SetGroundLinksCommand) and value aliases
// (SetValueAliasesCommand) are this command with their own row and store.
#include "commands/checkedcommand.h"
#include "project/project.h"

#include <QVector>

#include <algorithm>

namespace assay {

template <class Store, class Row>
class KeyedRowsCommand : public CheckedCommand {
public:
    // `put` is written (replacing rows with the same key), `remove` deleted.
    KeyedRowsCommand(Project *project, const QString &text, QVector<Row> put, QVector<Row> remove = {})
        : CheckedCommand(text), m_project(project), m_put(std::move(put)), m_remove(std::move(remove))
    {
    }
    void redo() override
    {
        Store store(m_project->database());
        if (!m_read) {
            auto before = store.existing(m_put + m_remove);
            if (!check(before))
                return;
            m_before = before.take();
            m_read = true;
        }
        check(store.apply(m_put, m_remove));
    }
    void undo() override
    {
        // Rows that did not exist before are removed; the others get their old state back.
        QVector<Row> absent;
        for (const Row &r : m_put + m_remove)
            if (std::none_of(m_before.begin(), m_before.end(), [&](const Row &b) { return b.sameKey(r); }))
                absent << r;
        check(Store(m_project->database()).apply(m_before, absent));
    }

private:
    Project *m_project;
    QVector<Row> m_put;
    QVector<Row> m_remove;
    QVector<Row> m_before;
    bool m_read = false;
};

} // namespace assay
