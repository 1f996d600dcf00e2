//
//  PendulumBehavior.swift
//  DynamicAnimator
//
//  Created by qihaijun on 12/24/15.
//  Copyright © 2015 VictorChee. All rights reserved.
//

import UIKit

class VCPendulumBehavior: UIDynamicBehavior {
    private var draggingBehavior: UIAttachmentBehavior!
    private var pushBehavior: UIPushBehavior!
    
    convenience init(item: UIDynamicItem, suspendedFromPoint point: CGPoint) {
        self.init()
        
        let gravityBehavior = UIGravityBehavior(items: [item])
        let attachmentBehavior = UIAttachmentBehavior(item: item, attachedToAnchor: point)
        
        draggingBehavior = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint.zero)
        pushBehavior = UIPushBehavior(items: [item], mode: .instantaneous)
        pushBehavior.active = false
        
        addChildBehavior(gravityBehavior)
        addChildBehavior(attachmentBehavior)
        addChildBehavior(pushBehavior)
    }
    
    func beginDraggingWeightAtPoint(point: CGPoint) {
        draggingBehavior.anchorPoint = point
        addChildBehavior(draggingBehavior)
    }
    
    func dragWeightToPoint(point: CGPoint) {
        draggingBehavior.anchorPoint = point
    }
    
    func endDraggingWeightWithVelocity(velocity: CGPoint) {
        var magnitude = sqrt(pow(velocity.x, 2.0) + pow(velocity.y, 2.0))
        let angle = atan2(velocity.y, velocity.x)
        magnitude /= 100.0
        
        pushBehavior.angle = angle
        pushBehavior.magnitude = magnitude
        pushBehavior.active = true
        
        removeChildBehavior(draggingBehavior)
    }
}
//
//  PendulumViewController.swift
//  DynamicAnimator
//
//  Created by qihaijun on 12/24/15.
//  Copyright © 2015 VictorChee. All rights reserved.
//

import UIKit

class VCPendulumViewController: UIViewController {
    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.backgroundColor = .white
        attachmentView = UIView(frame: CGRect(x: 182, y: 100, width: 10, height: 10))
        attachmentView.backgroundColor = .red
        itemView = UIView(frame: CGRect(x: 143, y: 300, width: 88, height: 88))
        itemView.backgroundColor = .gray
        root.addSubview(attachmentView)
        root.addSubview(itemView)
        root.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector(Self.pan(_:))))
        view = root
    }

    var attachmentView: UIView!
    var itemView: UIView!
    
    var animator: UIDynamicAnimator!
    var pendulumBehavior: VCPendulumBehavior!
    
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)

        // Do any additional setup after loading the view.
        animator = UIDynamicAnimator(referenceView: view)
        
        let pendulumAttachmentPoint = attachmentView.center
        pendulumBehavior = VCPendulumBehavior(item: itemView, suspendedFromPoint: pendulumAttachmentPoint)
        animator.addBehavior(pendulumBehavior)
    }

    func pan(_ sender: UIPanGestureRecognizer) {
        let point = sender.location(in: view)
        let velocity = sender.velocity(in: view)
        if sender.state == .began {
            pendulumBehavior.beginDraggingWeightAtPoint(point: point)
        } else if sender.state == .ended {
            pendulumBehavior.endDraggingWeightWithVelocity(velocity: velocity)
        } else if sender.state == .cancelled {
            sender.isEnabled = true
            pendulumBehavior.endDraggingWeightWithVelocity(velocity: velocity)
        } else if !itemView.bounds.contains(point) {
            sender.isEnabled = false // cancel
        } else {
            pendulumBehavior.dragWeightToPoint(point: point)
        }
    }
}
