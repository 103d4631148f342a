#include "changefollower.h"

#include "project/project.h"

#include <QEvent>
#include <QWidget>

namespace assay {

ChangeFollower::ChangeFollower(QWidget *page, Project *project, Filter matters, std::function<bool()> refresh)
    : QObject(page), m_page(page), m_matters(std::move(matters)), m_refresh(std::move(refresh))
{
    connect(project, &Project::changed, this, &ChangeFollower::onChanged);
    page->installEventFilter(this);
}

ChangeFollower::Filter ChangeFollower::touching(ProjectChange::Aggregates aggregates)
{
    return [aggregates](const ProjectChange &c) { return c.touches(aggregates); };
}

void ChangeFollower::onChanged(const ProjectChange &change)
{
    if ((change.fromOwnConnection() && !m_followsOwn) || !m_matters(change))
        return;
    m_stale = true;
    if (m_page->isVisible())
        refreshNow();
}

bool ChangeFollower::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_page && event->type() == QEvent::Show && m_stale)
        refreshNow();
    return QObject::eventFilter(watched, event);
}

void ChangeFollower::refreshNow()
{
    if (m_refresh())
        m_stale = false;
}

} // namespace assay
