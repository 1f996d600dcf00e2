//
//  ViewController.swift
//  UIDynamicsSample
//
//  Created by anseungjin on 2015. 8. 21..
//  Copyright (c) 2015년 bamssong. All rights reserved.
//

import UIKit

class BSTapDropViewController: UIViewController {
    var animator : UIDynamicAnimator!
    var boundCollision : UICollisionBehavior!
    var gravityBehavior : UIGravityBehavior!
    
    override func viewDidLoad() {
        super.viewDidLoad()
        
        self.view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Selector(Self.tapGesture(_:))))
        self.animator = UIDynamicAnimator(referenceView: self.view)
        
        gravityBehavior = UIGravityBehavior()
        self.animator.addBehavior(gravityBehavior)
        
        boundCollision = UICollisionBehavior()
        boundCollision.setTranslatesReferenceBoundsIntoBoundary(with: .zero)
        
        self.animator.addBehavior(boundCollision)
        
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
    }

    func tapGesture(_ sender: UITapGestureRecognizer) {
        let item = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        item.center = sender.location(in: sender.view)
        
        let red = CGFloat( arc4random() % 255 ) / 255.0
        let green = CGFloat( arc4random() % 255 ) / 255.0
        let blue = CGFloat( arc4random() % 255 ) / 255.0
        
        let blockColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0)
        item.backgroundColor = blockColor
        
        self.view.addSubview(item)
        
        gravityBehavior.addItem(item)
        boundCollision.addItem(item)
    }

}

